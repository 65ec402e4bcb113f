import { formatDateTime, type WebhookDelivery } from '@bizdash/shared';
import { RefreshCw, RotateCw, Webhook } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListFrame, ListSkeleton } from '@/components/ui/list-frame';
import { Pagination } from '@/components/ui/pagination';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { useFitsWidth } from '@/lib/use-fits-width';
import {
  DELIVERIES_PAGE_SIZE,
  type DeliveryFilter,
  useWebhookDeliveries,
} from '../api/get-webhook-deliveries';
import { useResendDelivery } from '../api/webhook-actions';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryResponse } from './delivery-response';

/** Below this width each delivery is a card: event, time, attempts, status, response and Resend need ~720 px. */
const TABLE_MIN_WIDTH = 720;
const CAPTION = 'Webhook deliveries';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Succeeded', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
  disabled: { label: 'Endpoint off', tone: 'grey' },
};

/** The statuses a merchant looks for (deliveries to a turned-off endpoint show under All). */
const FILTERS: readonly { value: DeliveryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
];

/** When a delivery waiting for its retry goes out again; null for any other. */
const nextTry = (delivery: WebhookDelivery) =>
  delivery.status === 'pending' && delivery.attempts > 0 ? delivery.nextAttemptAt : null;

function NextTry({ delivery }: { delivery: WebhookDelivery }) {
  const at = nextTry(delivery);
  return at ? <span className="text-xs text-slate-600">Next try {formatDateTime(at)}</span> : null;
}

/** The badge ('Retrying' while a retry is due); the table shows the next try under it, a card in its details. */
function DeliveryStatus({
  delivery,
  withNextTry = false,
}: {
  delivery: WebhookDelivery;
  withNextTry?: boolean;
}) {
  const { label, tone } = STATUS[delivery.status];
  return (
    <span className="flex flex-col items-start gap-1">
      <StatusBadge tone={tone} data-testid="delivery-status">
        {nextTry(delivery) ? 'Retrying' : label}
      </StatusBadge>
      {withNextTry ? <NextTry delivery={delivery} /> : null}
    </span>
  );
}

function EventName({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-[13px] font-medium text-slate-900" data-testid="delivery-event">
        {delivery.eventType}
      </span>
      {delivery.test ? <StatusBadge tone="blue">Test</StatusBadge> : null}
    </span>
  );
}

/** The last attempt's answer. */
function LastResponse({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <DeliveryResponse
      code={delivery.lastResponseCode}
      body={delivery.lastResponseBody ?? delivery.lastError}
      notSent={delivery.attempts === 0}
    />
  );
}

function ResendButton({ delivery, userId }: { delivery: WebhookDelivery; userId: string }) {
  const resend = useResendDelivery(userId);
  return (
    <button
      type="button"
      onClick={() => resend.mutate(delivery.id)}
      disabled={resend.isPending}
      aria-busy={resend.isPending || undefined}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
    >
      <RotateCw className={cn('size-3.5', resend.isPending && 'animate-spin')} aria-hidden="true" />
      Resend
      <span className="sr-only">
        {' '}
        {delivery.eventType} of {formatDateTime(delivery.createdAt)}
      </span>
    </button>
  );
}

const COLUMNS = ['Event', 'Time', 'Attempts', 'Status', 'Response', 'Actions'] as const;
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Event: 'whitespace-nowrap text-left',
  Time: 'whitespace-nowrap text-left',
  Attempts: 'whitespace-nowrap text-right',
  Status: 'whitespace-nowrap text-left',
  Response: 'w-full max-w-0 text-left',
  Actions: 'w-px whitespace-nowrap text-right',
};
const cell = cn(tableCellClasses, 'align-top');

interface RowsProps {
  deliveries: WebhookDelivery[];
  userId: string;
}

function DeliveriesTable({ deliveries, userId }: RowsProps) {
  return (
    <DataTable caption={CAPTION} columns={COLUMNS} columnClasses={COLUMN_CLASSES} unlabelled={['Actions']}>
      {deliveries.map((delivery) => (
        <tr key={delivery.id} data-testid="delivery-row" data-delivery-id={delivery.id}>
          <td className={cn(cell, COLUMN_CLASSES.Event)}>
            <EventName delivery={delivery} />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Time, 'text-slate-700')}>
            {formatDateTime(delivery.createdAt)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Attempts, 'text-slate-700 tabular-nums')}>
            <DeliveryAttempts userId={userId} delivery={delivery} countOnly />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Status)}>
            <DeliveryStatus delivery={delivery} withNextTry />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Response)}>
            <LastResponse delivery={delivery} />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Actions, 'py-2')}>
            <ResendButton delivery={delivery} userId={userId} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Narrow screens: each delivery is a card, so nothing scrolls sideways. */
function DeliveryCards({ deliveries, userId }: RowsProps) {
  return (
    <ul aria-label={CAPTION} className="divide-y divide-slate-100">
      {deliveries.map((delivery) => (
        <li
          key={delivery.id}
          data-testid="delivery-row"
          data-delivery-id={delivery.id}
          className="flex flex-col gap-2 px-4 py-3.5"
        >
          <span className="flex items-start justify-between gap-3">
            <EventName delivery={delivery} />
            <DeliveryStatus delivery={delivery} />
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{formatDateTime(delivery.createdAt)}</span>
            <DeliveryAttempts userId={userId} delivery={delivery} />
            <NextTry delivery={delivery} />
          </span>
          <LastResponse delivery={delivery} />
          <span className="-ml-2">
            <ResendButton delivery={delivery} userId={userId} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every delivery to the webhook endpoint, newest first: what was sent, how it went, and Resend. */
export function DeliveryLog({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<DeliveryFilter>('all');
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useWebhookDeliveries(userId, page, filter);
  const headingId = useId();
  let content: ReactNode;
  if (!query.data) {
    content = query.isError ? (
      <QueryErrorState query={query} headingLevel="h3" />
    ) : (
      <ListSkeleton label="Loading webhook deliveries" ref={ref} />
    );
  } else if (query.data.totalElements === 0) {
    const label = FILTERS.find((option) => option.value === filter)?.label.toLowerCase();
    content =
      filter === 'all' ? (
        <EmptyState
          icon={Webhook}
          headingLevel="h3"
          title="No deliveries yet"
          description="Each event sent to your webhook URL shows here with the answer your server gave. Send a test event to try it."
        />
      ) : (
        <EmptyState
          icon={Webhook}
          headingLevel="h3"
          title={`No ${label} deliveries`}
          description="None of your deliveries has this status now. Choose All to see every one."
        />
      );
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
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {content}
    </section>
  );
}
