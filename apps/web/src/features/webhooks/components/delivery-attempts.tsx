import { formatDateTime, type WebhookDelivery, type WebhookDeliveryAttempt } from '@bizdash/shared';
import { useState } from 'react';
import { QueryErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useDeliveryAttempts } from '../api/get-delivery-attempts';
import { DeliveryResponse } from './delivery-response';

const formatDuration = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`);

const attemptsLabel = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

function AttemptItem({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  return (
    <li className="flex flex-col gap-1.5 py-3" data-testid="delivery-attempt">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-medium text-slate-900">Attempt {attempt.attempt}</span>
        <span className="text-xs text-slate-600 tabular-nums">
          {formatDateTime(attempt.attemptedAt)} · {formatDuration(attempt.durationMs)}
        </span>
      </span>
      <DeliveryResponse code={attempt.responseCode} body={attempt.responseBody ?? attempt.error} />
    </li>
  );
}

function AttemptsList({ userId, delivery }: { userId: string; delivery: WebhookDelivery }) {
  const query = useDeliveryAttempts(userId, delivery);
  if (query.isError) return <QueryErrorState query={query} headingLevel="h3" />;
  if (!query.data)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Loading attempts
      </p>
    );
  return (
    <ol aria-label="Attempts, newest first" className="-my-3 divide-y divide-slate-100">
      {query.data.items.map((attempt) => (
        <AttemptItem key={`${attempt.attempt}-${attempt.attemptedAt}`} attempt={attempt} />
      ))}
    </ol>
  );
}

/**
 * The delivery's count of attempts, and the button that opens their history: when each was made, how long it
 * took, and what the receiver answered. Plain text while nothing was attempted.
 */
export function DeliveryAttempts({
  userId,
  delivery,
  countOnly = false,
}: {
  userId: string;
  delivery: WebhookDelivery;
  /** Under an "Attempts" heading: the number alone (the rest is read out to screen readers). */
  countOnly?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const label = attemptsLabel(delivery.attempts);
  const shown = countOnly ? (
    <>
      {delivery.attempts}
      <span className="sr-only"> {delivery.attempts === 1 ? 'attempt' : 'attempts'}</span>
    </>
  ) : (
    label
  );
  if (delivery.attempts === 0) return <span>{shown}</span>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded font-medium text-brand-700 tabular-nums underline decoration-brand-700/30 underline-offset-2 hover:text-brand-800 hover:decoration-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {shown}
        <span className="sr-only">
          {' '}
          of {delivery.eventType} of {formatDateTime(delivery.createdAt)}
        </span>
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Delivery attempts"
        description={`${delivery.eventType} · ${delivery.id}`}
      >
        {open ? <AttemptsList userId={userId} delivery={delivery} /> : null}
      </Modal>
    </>
  );
}
