import { useSearchParams } from 'react-router';

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A list's page lives in the URL (?page=2), beside whatever else is there; page 1 is the bare address. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const setPage = (page: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });
  return [parsePage(params.get('page')), setPage];
}
