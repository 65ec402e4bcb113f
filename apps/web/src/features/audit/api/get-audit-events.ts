import {
  type AuditEventPage,
  AuditEventPageSchema,
  SEARCH_PAGE_SIZE,
  startOfDayIso,
  TeamMemberListSchema,
} from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ActivityFilters } from '../use-activity-params';

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD (the API's `to` is exclusive: the whole of the last day counts). */
function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const next = new Date(year, month - 1, date + 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
}

/** The filters as the API takes them: ids and actions as they are, days as the instants they start and end at. */
export function auditQuery(filters: ActivityFilters): Record<string, string | undefined> {
  return {
    person: filters.person || undefined,
    action: filters.action || undefined,
    from: startOfDayIso(filters.from),
    to: filters.to ? startOfDayIso(nextDay(filters.to)) : undefined,
  };
}

function getAuditEvents(
  filters: ActivityFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AuditEventPage> {
  return apiRequest('/audit-events', {
    query: { ...auditQuery(filters), page, size: SEARCH_PAGE_SIZE },
    schema: AuditEventPageSchema,
    defaultError: 'Unable to fetch activity',
    signal,
  });
}

/** One page of the business's audit trail, newest first (the API orders it), narrowed by the filters. */
export function useAuditEvents(filters: ActivityFilters, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.audit, 'events', filters, page] as const,
      queryFn: ({ signal }) => getAuditEvents(filters, page, signal),
      // Paging and filtering keep the current rows on screen (dimmed) until the next ones arrive.
      placeholderData: (previous) => previous,
      meta: { errorToast: false },
    }),
  );
}

/** The business's members, for the person filter; a failure leaves the filter with 'Everyone' only. */
export function useAuditPeople() {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.audit, 'people'] as const,
      queryFn: ({ signal }) =>
        apiRequest('/team/members', {
          schema: TeamMemberListSchema,
          defaultError: 'Unable to fetch team members',
          signal,
        }),
      select: (list) => list.items,
      meta: { errorToast: false },
    }),
  );
}
