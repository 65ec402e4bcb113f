import { usePageParam } from '@/lib/use-page-param';
import { useSearchParamUpdater } from '@/lib/use-search-param-updater';

/**
 * The products list's search text and page, kept in the URL (?search=&page=), so a link (the command palette's:
 * ?search=<name>) opens the list as it was. A new search goes back to page 1.
 */
export function useProductParams() {
  const [page, setPage] = usePageParam();
  const [params, update] = useSearchParamUpdater();
  return {
    search: params.get('search') ?? '',
    page,
    setPage,
    setSearch: (search: string) => update({ search, page: null }, { replace: true }),
  };
}
