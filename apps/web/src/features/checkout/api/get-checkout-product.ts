import { type CheckoutProduct, CheckoutProductSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const CHECKOUT_PRODUCT_ERROR = 'Unable to load this payment link';

function getCheckoutProduct(productId: string, signal?: AbortSignal): Promise<CheckoutProduct> {
  return apiRequest(`/checkout/products/${encodeURIComponent(productId)}`, {
    schema: CheckoutProductSchema,
    auth: false,
    defaultError: CHECKOUT_PRODUCT_ERROR,
    signal,
  });
}

export function getCheckoutProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['checkout', 'product', productId] as const,
    queryFn: ({ signal }) => getCheckoutProduct(productId, signal),
    // The page shows its own states (invalid link, retry) instead of a toast.
    meta: { errorToast: false },
  });
}

/** What a payment link sells, priced and described as its customer sees it. */
export function useCheckoutProduct(productId: string) {
  return useQuery(getCheckoutProductQueryOptions(productId));
}
