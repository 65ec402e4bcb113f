import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { apiNotFound } from './errors.ts';

/** The folder of the build holding HTML written for one route each (apps/web/route-pages.ts). */
const ROUTE_PAGES_DIR = 'pages';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RoutePage {
  /** The build's HTML for the route: index.html with the route's code preloaded (sign-in and checkout prerendered). */
  file: string;
  /** A `Link` header for the page: the data its first screen waits for, requested before any script runs. */
  link?: string;
}

/** The page a client-side route is answered with, when the build has one of its own; index.html otherwise. */
function routePage(pathname: string): RoutePage | null {
  const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (route === '/signin') return { file: `${ROUTE_PAGES_DIR}/signin.html` };
  if (route === '/dashboard' || route.startsWith('/dashboard/'))
    return { file: `${ROUTE_PAGES_DIR}/dashboard.html` };
  const productId = /^\/pay\/([^/]+)$/.exec(route)?.[1];
  if (productId !== undefined) {
    return {
      file: `${ROUTE_PAGES_DIR}/pay.html`,
      // The checkout's first request (apps/web/src/features/checkout/api/get-checkout-product.ts), same URL, mode
      // and credentials, so the browser hands its answer to that fetch. Only a well-formed id: the API would
      // refuse any other, and nothing from the address goes into a header unchecked.
      link: UUID.test(productId)
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
export async function registerWeb(app: FastifyInstance, config: Config) {
  const hasBuild = existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz copies are picked by Accept-Encoding for their file's own address, not served as files;
      // a route's own HTML is served at its route only.
      globIgnore: ['**/*.br', '**/*.gz', `${ROUTE_PAGES_DIR}/**`],
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest =
      request.method === 'GET' && !pathname.startsWith('/api') && !/\.\w+$/.test(pathname);
    if (!isPageRequest || !hasBuild) return reply.code(404).send(apiNotFound());

    reply.header('Cache-Control', 'no-cache');
    const page = routePage(pathname);
    if (!page || !isBuilt(page.file)) return reply.sendFile('index.html');
    if (page.link) reply.header('Link', page.link);
    return reply.sendFile(page.file);
  });
}
