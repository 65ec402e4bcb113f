import type { Permission } from '@bizdash/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCustomersQueryOptions } from '@/features/customers/api/get-customers';
import { useDebouncedValue } from '@/features/fx/use-debounced-value';
import { getPayoutsQueryOptions } from '@/features/payouts/api/get-payouts';
import { getProductsQueryOptions } from '@/features/products/api/get-products';
import {
  searchTransactionsQueryOptions,
  useSearchFilter,
} from '@/features/transactions/api/search-transactions';
import { customerItem, type PaletteItem, payoutItem, productItem, transactionItem } from './palette-items';

/** The API is asked once the typing has paused this long. */
const SEARCH_DEBOUNCE_MS = 200;
/** Shorter text finds pages and actions only. */
const MIN_SEARCH_LENGTH = 2;
const RESULTS_PER_GROUP = 5;

export interface RecordGroup {
  heading: string;
  items: PaletteItem[];
}

export interface PaletteSearch {
  groups: RecordGroup[];
  /** An answer for the text on screen is still awaited. */
  searching: boolean;
  /** The groups whose search failed ('transactions'). */
  failed: string[];
}

const includesText = (value: string | null | undefined, text: string) =>
  Boolean(value?.toLowerCase().includes(text.toLowerCase()));

/**
 * Transactions (by reference, description, beneficiary or id), products (by name) and customers (by name or email)
 * are searched by the API. Payouts have no search parameter on their list: the newest 100 are read once and
 * matched here (by id, transaction id or account holder).
 *
 * Each search waits until the text has settled for SEARCH_DEBOUNCE_MS; a search whose text changes while it is
 * under way loses its only observer and React Query aborts its request (the fetchers pass its signal on).
 */
export function usePaletteSearch(text: string, can: (permission: Permission) => boolean): PaletteSearch {
  const trimmed = text.trim();
  const settledText = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const long = trimmed.length >= MIN_SEARCH_LENGTH;
  const settled = long && settledText === trimmed;
  const transactionFilter = useSearchFilter({ query: trimmed });

  const transactions = useQuery({
    ...searchTransactionsQueryOptions({ filter: transactionFilter, page: 1, size: RESULTS_PER_GROUP }),
    placeholderData: keepPreviousData,
    enabled: settled && can('transactions.read'),
  });
  const customers = useQuery({
    ...getCustomersQueryOptions({ page: 1, search: trimmed, sort: 'last_payment' }),
    placeholderData: keepPreviousData,
    enabled: settled && can('customers.read'),
  });
  const products = useQuery({
    ...getProductsQueryOptions({ page: 1, size: RESULTS_PER_GROUP, search: trimmed }),
    placeholderData: keepPreviousData,
    enabled: settled && can('products.read'),
  });
  const payouts = useQuery({ ...getPayoutsQueryOptions(), enabled: settled && can('money.read') });

  if (!long) return { groups: [], searching: false, failed: [] };

  const payoutMatches = (payouts.data ?? [])
    .filter(
      (payout) =>
        payout.id.startsWith(trimmed.toLowerCase()) ||
        Boolean(payout.transactionId?.startsWith(trimmed.toLowerCase())) ||
        includesText(payout.accountHolderName, trimmed),
    )
    .slice(0, RESULTS_PER_GROUP)
    .map(payoutItem);

  const queries = [
    {
      heading: 'Transactions',
      query: transactions,
      items: (transactions.data?.items ?? []).map(transactionItem),
    },
    { heading: 'Products', query: products, items: (products.data?.items ?? []).map(productItem) },
    {
      heading: 'Customers',
      query: customers,
      items: (customers.data?.items ?? []).slice(0, RESULTS_PER_GROUP).map(customerItem),
    },
    { heading: 'Payouts', query: payouts, items: payoutMatches },
  ];
  return {
    groups: queries
      .map(({ heading, items }) => ({ heading, items }))
      .filter((group) => group.items.length > 0),
    searching: !settled || queries.some(({ query }) => query.isFetching || query.isPlaceholderData),
    failed: queries.filter(({ query }) => query.isError).map(({ heading }) => heading.toLowerCase()),
  };
}
