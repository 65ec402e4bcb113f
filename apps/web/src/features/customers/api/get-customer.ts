import { type CustomerDetail, CustomerDetailSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const CUSTOMER_FETCH_ERROR = 'Unable to load this customer';

function getCustomer(customerId: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiRequest(`/customers/${encodeURIComponent(customerId)}`, {
    schema: CustomerDetailSchema,
    defaultError: CUSTOMER_FETCH_ERROR,
    signal,
  });
}

function getCustomerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: [...queryKeys.customers, 'detail', customerId] as const,
    queryFn: ({ signal }) => getCustomer(customerId, signal),
    // The page shows its own not-found and error states.
    meta: { errorToast: false },
  });
}

/** One customer with their newest payments and refunds. */
export function useCustomer(customerId: string) {
  return useQuery(getCustomerQueryOptions(customerId));
}
