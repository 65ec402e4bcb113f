import {
  SEARCH_PAGE_SIZE,
  type TransactionPage,
  TransactionPageSchema,
  type TransactionSearchFilter,
} from '@bizdash/shared';
import { hashKey, queryOptions, useQuery } from '@tanstack/react-query';
import { useActingUserId } from '@/lib/acting-profile';
import { moneyFreshness } from '@/lib/api/money-freshness';
import { apiRequest } from '@/lib/api-client';
import { transactionSearchKey } from '@/lib/query-keys';

const SEARCH_ERROR = 'Unable to search transactions';

export interface TransactionSearch {
  filter: TransactionSearchFilter;
  page?: number;
  size?: number;
}

const searchKey = (filter: TransactionSearchFilter, page: number, size: number) =>
  [...transactionSearchKey, filter, page, size] as const;

function searchTransactions(
  { filter, page = 1, size = SEARCH_PAGE_SIZE, after }: TransactionSearch & { after?: string },
  signal?: AbortSignal,
): Promise<TransactionPage> {
  return apiRequest('/transaction/search', {
    method: 'POST',
    query: after ? { page, size, after } : { page, size },
    body: filter,
    schema: TransactionPageSchema,
    defaultError: SEARCH_ERROR,
    signal,
  });
}

export function searchTransactionsQueryOptions(search: TransactionSearch) {
  const { filter, page = 1, size = SEARCH_PAGE_SIZE } = search;
  return queryOptions({
    queryKey: searchKey(filter, page, size),
    // The page after one already fetched starts below its last row (keyset): new transactions arriving at the
    // top do not shift it, and a deep page of a large search costs no more than the first. A page reached
    // directly (a link, a reload) goes by its number.
    queryFn: ({ signal, client }) => {
      const before =
        page > 1 ? client.getQueryData<TransactionPage>(searchKey(filter, page - 1, size)) : undefined;
      return searchTransactions({ filter, page, size, after: before?.nextCursor ?? undefined }, signal);
    },
    // Paging keeps the current rows on screen (dimmed) until the next page arrives; a new filter does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery && hashKey([previousQuery.queryKey[2]]) === hashKey([filter]) ? previous : undefined,
    // Lists show their own error state with a Retry button.
    meta: { errorToast: false },
    ...moneyFreshness,
  });
}

/** The caller's filter, sent with the user id the dashboard acts for (the merchant or one of its apps). */
export function useSearchFilter(filter: TransactionSearchFilter): TransactionSearchFilter {
  const userId = useActingUserId();
  return userId ? { ...filter, userId } : filter;
}

/** One page of the merchant's transactions matching the filter, newest first. */
export function useTransactionSearch(search: TransactionSearch) {
  const filter = useSearchFilter(search.filter);
  return useQuery(searchTransactionsQueryOptions({ ...search, filter }));
}
