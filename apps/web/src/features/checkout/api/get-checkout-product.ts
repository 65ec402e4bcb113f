import { CHECKOUT_PAGE_DATA_ID, type CheckoutProduct, CheckoutProductSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const CHECKOUT_PRODUCT_ERROR = 'Unable to load this payment link';

function getCheckoutProduct(productId: string, signal?: AbortSignal): Promise<CheckoutProduct> {
  return apiRequest(`/checkout/products/${encodeURIComponent(productId)}`, {
    schema: CheckoutProductSchema,
    auth: false,
    defaultError: CHECKOUT_PRODUCT_ERROR,
    signal,
  });
}

/**
 * The product the server rendered this page with (apps/api/src/plugins/web.ts), read once: the app's first render
 * then draws the page the customer already sees, while the product is fetched again behind it.
 */
function productRenderedWithPage(productId: string): CheckoutProduct | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(CHECKOUT_PAGE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const product = CheckoutProductSchema.safeParse(JSON.parse(element.textContent ?? ''));
    return product.success && product.data.productId === productId ? product.data : undefined;
  } catch {
    return undefined;
  }
}

export function getCheckoutProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...queryKeys.checkout, 'product', productId] as const,
    queryFn: ({ signal }) => getCheckoutProduct(productId, signal),
    initialData: () => productRenderedWithPage(productId),
    // The page shows its own states (invalid link, retry) instead of a toast.
    meta: { errorToast: false },
  });
}

/** What a payment link sells, priced and described as its customer sees it. */
export function useCheckoutProduct(productId: string) {
  return useQuery(getCheckoutProductQueryOptions(productId));
}
