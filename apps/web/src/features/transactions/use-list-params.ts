import { endOfDayIso, isIsoDate, startOfDayIso, type TransactionSearchFilter } from '@bizdash/shared';
import { type SearchParamChanges, useSearchParamUpdater } from '@/lib/use-search-param-updater';

export interface ListFilters {
  /** Calendar days (YYYY-MM-DD) as the date inputs hold them; '' when not set. */
  from: string;
  to: string;
  query: string;
}

/** Date range and search text, kept in the URL (?from=&to=&q=); any change goes back to page 1. */
export function useListFilters() {
  const [params, updateParams] = useSearchParamUpdater();
  const update = (changes: SearchParamChanges, options?: { replace?: boolean }) =>
    updateParams({ ...changes, page: null }, options);
  const filters: ListFilters = {
    from: isIsoDate(params.get('from')) ? (params.get('from') as string) : '',
    to: isIsoDate(params.get('to')) ? (params.get('to') as string) : '',
    query: params.get('q') ?? '',
  };
  const searchFilter: TransactionSearchFilter = {
    from: startOfDayIso(filters.from),
    to: endOfDayIso(filters.to),
    query: filters.query.trim() || undefined,
  };
  return {
    filters,
    searchFilter,
    filtered: Boolean(filters.from || filters.to || filters.query.trim()),
    setFilters: (changes: Partial<ListFilters>, options?: { replace?: boolean }) => {
      const renamed: SearchParamChanges = {};
      if (changes.from !== undefined) renamed.from = changes.from;
      if (changes.to !== undefined) renamed.to = changes.to;
      if (changes.query !== undefined) renamed.q = changes.query;
      update(renamed, options);
    },
    clearFilters: () => update({ from: null, to: null, q: null }),
    /** The filters (not the page) as a query string, so switching tabs keeps them. */
    queryString: (() => {
      const kept = new URLSearchParams();
      for (const key of ['from', 'to', 'q']) {
        const value = params.get(key);
        if (value) kept.set(key, value);
      }
      const text = kept.toString();
      return text ? `?${text}` : '';
    })(),
  };
}
