import { RefreshCw, Webhook } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListFrame, ListSkeleton } from '@/components/ui/list-frame';
import { Pagination } from '@/components/ui/pagination';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { cn } from '@/lib/cn';
import { DELIVERIES_PAGE_SIZE, type DeliveryFilter } from '../api/get-webhook-deliveries';
import { useDeliveryLog } from '../use-delivery-log';
import { DeliveriesTable, DeliveryCards } from './delivery-rows';

/** The statuses a merchant looks for (deliveries to a turned-off endpoint show under All). */
const FILTERS: readonly { value: DeliveryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
];

function NoDeliveries({ filter }: { filter: DeliveryFilter }) {
  if (filter === 'all') {
    return (
      <EmptyState
        icon={Webhook}
        headingLevel="h3"
        title="No deliveries yet"
        description="Each event sent to your webhook URL shows here with the answer your server gave. Send a test event to try it."
      />
    );
  }
  const label = FILTERS.find((option) => option.value === filter)?.label.toLowerCase();
  return (
    <EmptyState
      icon={Webhook}
      headingLevel="h3"
      title={`No ${label} deliveries`}
      description="None of your deliveries has this status now. Choose All to see every one."
    />
  );
}

/** Every delivery to the webhook endpoint, newest first: what was sent, how it went, and Resend. */
export function DeliveryLog({ userId }: { userId: string }) {
  const { query, page, setPage, filter, chooseFilter, ref, wide } = useDeliveryLog(userId);
  const headingId = useId();
  let content: ReactNode;
  if (!query.data) {
    content = query.isError ? (
      <QueryErrorState query={query} headingLevel="h3" />
    ) : (
      <ListSkeleton label="Loading webhook deliveries" ref={ref} />
    );
  } else if (query.data.totalElements === 0) {
    content = <NoDeliveries filter={filter} />;
  } else {
    const { items, totalPages, totalElements } = query.data;
    content = (
      <div className="flex flex-col gap-4">
        <ListFrame ref={ref} busy={query.isPlaceholderData}>
          {wide ? (
            <DeliveriesTable deliveries={items} userId={userId} />
          ) : (
            <DeliveryCards deliveries={items} userId={userId} />
          )}
        </ListFrame>
        {totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            totalElements={totalElements}
            pageSize={DELIVERIES_PAGE_SIZE}
            onPageChange={setPage}
            noun="deliveries"
            busy={query.isPlaceholderData}
          />
        ) : null}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Webhook deliveries
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Newest first. Resend one to deliver it again with the same webhook-id.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw className={cn('size-4', query.isFetching && 'animate-spin')} aria-hidden="true" />}
          onClick={() => void query.refetch()}
          aria-label="Refresh deliveries"
        >
          Refresh
        </Button>
      </div>
      <SegmentedControl
        className="self-start"
        legend="Show deliveries"
        options={FILTERS}
        value={filter}
        onChange={chooseFilter}
      />
      {content}
    </section>
  );
}
