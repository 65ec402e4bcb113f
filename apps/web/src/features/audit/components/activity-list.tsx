import type { AuditEvent } from '@bizdash/shared';
import { History } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { NoMatchesState } from '@/components/ui/list-filters';
import { ListFrame, ListSkeleton } from '@/components/ui/list-frame';
import { ListPagination } from '@/components/ui/pagination';
import { PastLastPage } from '@/components/ui/past-last-page';
import { useFitsWidth } from '@/lib/use-fits-width';
import { useAuditEvents } from '../api/get-audit-events';
import type { PeopleById } from '../audit-text';
import type { ActivityFilters } from '../use-activity-params';
import { ActivityCards } from './activity-cards';
import { ActivityDetailsModal } from './activity-details-modal';
import { ActivityTable } from './activity-table';

/** Below this width each entry becomes a card. */
const TABLE_MIN_WIDTH = 820;
const CAPTION = 'Activity';

interface ActivityListProps {
  filters: ActivityFilters;
  page: number;
  people: PeopleById;
  onPageChange: (page: number) => void;
  /** Given, the list is narrowed: an empty result offers to clear the filters. */
  onClearFilters?: () => void;
}

/** The business's audit trail, newest first: loading, error, empty, rows (table or cards), paging, details. */
export function ActivityList({ filters, page, people, onPageChange, onClearFilters }: ActivityListProps) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useAuditEvents(filters, page);
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const { data } = query;

  if (!data) {
    if (query.isError) return <QueryErrorState query={query} />;
    return <ListSkeleton label="Loading activity" ref={ref} />;
  }

  if (data.items.length === 0) {
    if (page > 1 && data.totalElements > 0) {
      return (
        <PastLastPage
          subject="These entries"
          totalPages={data.totalPages}
          onFirstPage={() => onPageChange(1)}
        />
      );
    }
    if (onClearFilters) {
      return (
        <NoMatchesState
          title="No activity matches these filters"
          description="Try another person, action or date range, or clear the filters to see all activity."
          onClearFilters={onClearFilters}
        />
      );
    }
    return (
      <EmptyState
        icon={History}
        title="No activity yet"
        description="Sign-ins, payouts, refunds, API key and settings changes by everyone on your team will be listed here, newest first."
      />
    );
  }

  const stale = query.isPlaceholderData;
  const rows = { events: data.items, people, onOpen: setSelected, caption: CAPTION, stale };
  return (
    <>
      <ListFrame busy={stale} ref={ref}>
        {wide ? <ActivityTable {...rows} /> : <ActivityCards {...rows} />}
        <ListPagination page={data} onPageChange={onPageChange} noun="entries" busy={stale} />
      </ListFrame>
      <ActivityDetailsModal event={selected} people={people} onClose={() => setSelected(null)} />
    </>
  );
}
