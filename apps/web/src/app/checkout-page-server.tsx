import type { CheckoutProduct } from '@bizdash/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { getCheckoutProductQueryOptions } from '@/features/checkout/api/get-checkout-product';
import { PageOriginProvider } from '@/features/checkout/page-origin';
import { checkoutPath } from '@/features/checkout/paths';
import { Component as Checkout } from '@/features/checkout/routes/checkout';
import { toStaticMarkup } from './static-markup';

/**
 * The checkout page of a payment link with its product, as the app's first render draws it once the product is
 * known. Built for the server (apps/web/server-renderer.ts), which sends it inside /pay/{id}'s HTML
 * (apps/api/src/plugins/web.ts): the customer sees what they are paying for before any script has run.
 * `pageOrigin`: where the page is served from, which the server knows and the app reads from its window.
 */
export function renderCheckoutPage(product: CheckoutProduct, pageOrigin: string): string {
  const client = new QueryClient();
  client.setQueryData(getCheckoutProductQueryOptions(product.productId).queryKey, product);
  return toStaticMarkup(
    renderToString(
      <QueryClientProvider client={client}>
        <PageOriginProvider value={pageOrigin}>
          <StaticRouter location={checkoutPath(product.productId)}>
            <Routes>
              {/* As in the app's route table (router.tsx), so the page reads its product id from the address. */}
              <Route path="/pay/:productId" element={<Checkout />} />
            </Routes>
          </StaticRouter>
        </PageOriginProvider>
      </QueryClientProvider>,
    ),
  );
}
