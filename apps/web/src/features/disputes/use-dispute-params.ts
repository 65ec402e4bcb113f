import { DISPUTE_STATUSES, type DisputeStatus } from '@bizdash/shared';
import { useSearchParamUpdater } from '@/lib/use-search-param-updater';

const isStatus = (value: string | null): value is DisputeStatus =>
  (DISPUTE_STATUSES as readonly (string | null)[]).includes(value);

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The disputes list's status filter and page, kept in the URL (?status=&page=); a new filter goes back to page 1. */
export function useDisputeParams() {
  const [params, update] = useSearchParamUpdater();
  const status = params.get('status');
  return {
    status: isStatus(status) ? status : null,
    page: parsePage(params.get('page')),
    setStatus: (next: DisputeStatus | null) => update({ status: next, page: null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
