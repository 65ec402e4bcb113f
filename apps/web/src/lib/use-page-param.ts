import { useSearchParamUpdater } from './use-search-param-updater';

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A list's page lives in the URL (?page=2), beside whatever else is there; page 1 is the bare address. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, update] = useSearchParamUpdater();
  const setPage = (page: number) => update({ page: page > 1 ? String(page) : null });
  return [parsePage(params.get('page')), setPage];
}
