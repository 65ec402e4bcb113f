import { AUDIT_ACTIONS, type AuditAction, isIsoDate } from '@bizdash/shared';
import { useSearchParamUpdater } from '@/lib/use-search-param-updater';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isAction = (value: string | null): value is AuditAction =>
  (AUDIT_ACTIONS as readonly (string | null)[]).includes(value);

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface ActivityFilters {
  /** The person's id; '' for everyone. */
  person: string;
  action: AuditAction | '';
  /** Calendar days (YYYY-MM-DD) as the date fields hold them; '' when not set. */
  from: string;
  to: string;
}

export type ActivityFilterChanges = Partial<ActivityFilters>;

/**
 * The Activity tab's filters and page, kept in the URL (?person=&action=&from=&to=&page=), so a link or Back
 * shows the trail as it was; a new filter goes back to page 1. A value the URL spells wrong is ignored.
 */
export function useActivityParams() {
  const [params, update] = useSearchParamUpdater();
  const person = params.get('person') ?? '';
  const action = params.get('action');
  const filters: ActivityFilters = {
    person: UUID.test(person) ? person : '',
    action: isAction(action) ? action : '',
    from: isIsoDate(params.get('from')) ? (params.get('from') as string) : '',
    to: isIsoDate(params.get('to')) ? (params.get('to') as string) : '',
  };
  return {
    filters,
    filtered: Boolean(filters.person || filters.action || filters.from || filters.to),
    page: parsePage(params.get('page')),
    setFilters: (changes: ActivityFilterChanges) => update({ ...changes, page: null }),
    clearFilters: () => update({ person: null, action: null, from: null, to: null, page: null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
