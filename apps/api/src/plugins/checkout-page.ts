import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECKOUT_PAGE_DATA_ID, type CheckoutProduct } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../lib/escape-html.ts';

/** The module the web build makes for the server (apps/web/src/app/checkout-page-server.tsx). */
interface CheckoutRenderer {
  /** `pageOrigin`: where the browser shows the page (the server has no window to read it from). */
  renderCheckoutPage(product: CheckoutProduct, pageOrigin: string): string;
}

/** Around the prerendered screen in the build's page (apps/web/route-pages.ts). */
const PAGE_START = '<!--page-->';
const PAGE_END = '<!--/page-->';

/** A product's fields as JSON inside a <script> element: no `<` can end the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * /pay/{id} with its product drawn in: the build's checkout page (prerendered with no data) with the screen the
 * app draws once the product is known, rendered here by the web build's own code, the product's title, and the
 * product as JSON for the app's first render (apps/web/src/features/checkout/api/get-checkout-product.ts). The
 * customer sees what they pay for at the first paint, before any script has run. Null when the build has no
 * renderer or page for it (the prerendered page is sent as before).
 */
export function checkoutPageRenderer(webDistDir: string, pageFile: string, log: FastifyBaseLogger) {
  const rendererFile = path.join(webDistDir, 'server', 'checkout-page.mjs');
  const templateFile = path.join(webDistDir, pageFile);
  if (!existsSync(rendererFile) || !existsSync(templateFile)) return null;
  // Loaded at the first checkout page, not at start: an API that serves none keeps the memory.
  let loaded: Promise<{ renderer: CheckoutRenderer; template: string }> | undefined;
  const load = () => {
    loaded ??= Promise.all([
      import(pathToFileURL(rendererFile).href) as Promise<CheckoutRenderer>,
      readFile(templateFile, 'utf8'),
    ]).then(([renderer, template]) => ({ renderer, template }));
    return loaded;
  };

  return async (product: CheckoutProduct, pageOrigin: string): Promise<string | null> => {
    const { renderer, template } = await load();
    const start = template.indexOf(PAGE_START);
    const end = template.indexOf(PAGE_END);
    if (start < 0 || end < start) {
      log.warn({ templateFile }, 'the checkout page has no place for a rendered screen');
      return null;
    }
    const screen = renderer.renderCheckoutPage(product, pageOrigin);
    const title = escapeHtml(`${product.productName} · ${product.merchant.businessName}`);
    const data = `<script type="application/json" id="${CHECKOUT_PAGE_DATA_ID}">${scriptJson(product)}</script>`;
    return `${template.slice(0, start + PAGE_START.length)}${screen}${template.slice(end)}`
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace('</head>', () => `  ${data}\n  </head>`);
  };
}
