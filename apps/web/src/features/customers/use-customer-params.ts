import { CUSTOMER_SORTS, type CustomerSort } from '@bizdash/shared';
import { useSearchParamUpdater } from '@/lib/use-search-param-updater';

const isSort = (value: string | null): value is CustomerSort =>
  (CUSTOMER_SORTS as readonly (string | null)[]).includes(value);

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The customers list's search text, order and page, kept in the URL (?q=&sort=&page=), so a link (the one on a
 * payment's details: ?q=<email>) opens the list as it was. A new search or order goes back to page 1.
 */
export function useCustomerParams() {
  const [params, update] = useSearchParamUpdater();
  const sort = params.get('sort');
  return {
    search: params.get('q') ?? '',
    sort: isSort(sort) ? sort : ('last_payment' as const),
    page: parsePage(params.get('page')),
    setSearch: (search: string) => update({ q: search, page: null }, { replace: true }),
    setSort: (next: CustomerSort) => update({ sort: next === 'last_payment' ? null : next, page: null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
