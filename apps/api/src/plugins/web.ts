import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type CheckoutProduct, uuidField } from '@bizdash/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Config, isTestMode } from '../config.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import { checkoutPageRenderer } from './checkout-page.ts';
import { apiNotFound } from './errors.ts';

/** Data the server draws pages with; what is missing leaves those pages as the build wrote them. */
export interface WebPageData {
  /** A payment link's product; null when its page shows an error instead. */
  checkoutProduct?: (productId: string) => Promise<CheckoutProduct | null>;
}

/** The folder of the build holding HTML written for one route each (apps/web/route-pages.ts). */
const ROUTE_PAGES_DIR = 'pages';

interface RoutePage {
  /** The payment link's product id, when the page is its checkout (drawn with the product when it exists). */
  productId?: string;
  /** The build's HTML for the route: index.html with the route's code preloaded (sign-in and checkout prerendered). */
  file: string;
  /** A `Link` header for the page: the data its first screen waits for, requested before any script runs. */
  link?: string;
}

/**
 * The page a client-side route is answered with, when the build has one of its own; index.html otherwise. The
 * dashboard's paints the signed-in shell before any script (ADR 067): the build writes it for each server mode, with
 * the Test mode band in it or not.
 */
function routePage(pathname: string, testMode: boolean): RoutePage | null {
  const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (route === '/signin') return { file: `${ROUTE_PAGES_DIR}/signin.html` };
  if (route === '/dashboard' || route.startsWith('/dashboard/'))
    return { file: `${ROUTE_PAGES_DIR}/${testMode ? 'dashboard-test-mode' : 'dashboard'}.html` };
  const productId = /^\/pay\/([^/]+)$/.exec(route)?.[1];
  if (productId !== undefined) {
    const wellFormed = uuidField.safeParse(productId).success;
    return {
      productId: wellFormed ? productId : undefined,
      file: `${ROUTE_PAGES_DIR}/pay.html`,
      // The checkout's first request (apps/web/src/features/checkout/api/get-checkout-product.ts), same URL, mode
      // and credentials, so the browser hands its answer to that fetch. Only a well-formed id: the API would
      // refuse any other, and nothing from the address goes into a header unchecked.
      link: wellFormed
        ? `</api/checkout/products/${productId}>; rel=preload; as=fetch; crossorigin`
        : undefined,
    };
  }
  return null;
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every client-side route, or the HTML the
 * build wrote for that route (sign-in, the checkout, the dashboard). The build writes a brotli and a gzip copy beside every text
 * file (apps/web/precompress.ts); a client that accepts one gets it, with `Vary: Accept-Encoding`, so nothing is
 * compressed per request.
 */
/** The encoding a client asks for (a q of 0 refuses it), brotli first. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** HTML made for this request, compressed as the client accepts (fast settings: it is a few kB, made each time). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request);
  if (encoding === 'br') {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

export async function registerWeb(app: FastifyInstance, config: Config, data: WebPageData = {}) {
  const hasBuild = existsSync(path.join(config.webDistDir, 'index.html'));
  const testMode = isTestMode(config);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz copies are picked by Accept-Encoding for their file's own address, not served as files;
      // a route's own HTML is served at its route only.
      // The server's renderers (server/) are the API's to run, not the browser's to download.
      globIgnore: ['**/*.br', '**/*.gz', `${ROUTE_PAGES_DIR}/**`, 'server/**'],
      // Source maps are built for debugging, not published: they would hand out the whole source.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A route the build wrote no page for (a build made by something other than `vite build`, or an older one)
  // is answered with index.html. Looked up once per page file.
  const built = new Map<string, boolean>();
  const isBuilt = (file: string) => {
    if (!built.has(file)) built.set(file, hasBuild && existsSync(path.join(config.webDistDir, file)));
    return built.get(file) === true;
  };

  const renderCheckoutPage =
    hasBuild && data.checkoutProduct
      ? checkoutPageRenderer(config.webDistDir, `${ROUTE_PAGES_DIR}/pay.html`, app.log)
      : null;
  const checkoutPage = async (request: FastifyRequest, productId: string) => {
    const product = await data.checkoutProduct?.(productId);
    return product && renderCheckoutPage ? renderCheckoutPage(product, publicOrigin(config, request)) : null;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest =
      request.method === 'GET' && !pathname.startsWith('/api') && !/\.\w+$/.test(pathname);
    if (!isPageRequest || !hasBuild) return reply.code(404).send(apiNotFound());

    reply.header('Cache-Control', 'no-cache');
    const page = routePage(pathname, testMode);
    if (!page || !isBuilt(page.file)) return reply.sendFile('index.html');
    if (page.link) reply.header('Link', page.link);
    if (page.productId) {
      // Whatever goes wrong here, the page the build wrote still works: the app loads the product itself.
      const html = await checkoutPage(request, page.productId).catch((error: unknown) => {
        request.log.error({ err: error }, 'the checkout page could not be drawn with its product');
        return null;
      });
      if (html) return sendHtml(request, reply, html);
    }
    return reply.sendFile(page.file);
  });
}
