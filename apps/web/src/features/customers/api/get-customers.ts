import { type CustomerPage, CustomerPageSchema, type CustomerSort, SEARCH_PAGE_SIZE } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const CUSTOMERS_FETCH_ERROR = 'Unable to fetch customers';

export interface CustomersPageRequest {
  page: number;
  search: string;
  sort: CustomerSort;
}

function getCustomers(
  { page, search, sort }: CustomersPageRequest,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return apiRequest('/customers', {
    query: { page, size: SEARCH_PAGE_SIZE, sort, ...(search ? { search } : {}) },
    schema: CustomerPageSchema,
    defaultError: CUSTOMERS_FETCH_ERROR,
    signal,
  });
}

export function getCustomersQueryOptions(request: CustomersPageRequest) {
  return queryOptions({
    queryKey: [...queryKeys.customers, 'list', request.page, request.search, request.sort] as const,
    queryFn: ({ signal }) => getCustomers(request, signal),
    // Paging, sorting and searching keep the current rows on screen (dimmed) until the next ones arrive.
    placeholderData: (previous) => previous,
    // The list shows its own error state with a Retry button.
    meta: { errorToast: false },
  });
}

/** One page of the merchant's customers, found by name or email, sorted by last payment or total spent. */
export function useCustomers(request: CustomersPageRequest) {
  return useQuery(getCustomersQueryOptions(request));
}
