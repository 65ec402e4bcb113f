import { type CustomerPage, CustomerPageSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function getPaymentCustomer(transactionId: string, signal?: AbortSignal): Promise<CustomerPage> {
  return apiRequest('/customers', {
    query: { transactionId, size: 1 },
    schema: CustomerPageSchema,
    defaultError: 'Unable to load the customer of this payment',
    signal,
  });
}

/** The customer who made a checkout payment (by its transaction's id); null for a transaction of no checkout. */
export function usePaymentCustomer(transactionId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.customers, 'payment', transactionId] as const,
      queryFn: ({ signal }) => getPaymentCustomer(transactionId, signal),
      select: (page) => page.items[0] ?? null,
      // A payment's details show it when it is there; a failure leaves the rest of the details as they are.
      meta: { errorToast: false },
    }),
  );
}
