import { formatDateTime, type WebhookDelivery } from '@bizdash/shared';
import { RotateCw } from 'lucide-react';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { useResendDelivery } from '../api/webhook-actions';
import { DeliveryResponse } from './delivery-response';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Succeeded', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
  disabled: { label: 'Endpoint off', tone: 'grey' },
};

/** When a delivery waiting for its retry goes out again; null for any other. */
const nextTry = (delivery: WebhookDelivery) =>
  delivery.status === 'pending' && delivery.attempts > 0 ? delivery.nextAttemptAt : null;

export function NextTry({ delivery }: { delivery: WebhookDelivery }) {
  const at = nextTry(delivery);
  return at ? <span className="text-xs text-slate-600">Next try {formatDateTime(at)}</span> : null;
}

/** The badge ('Retrying' while a retry is due); the table shows the next try under it, a card in its details. */
export function DeliveryStatus({
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

export function EventName({ delivery }: { delivery: WebhookDelivery }) {
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
export function LastResponse({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <DeliveryResponse
      code={delivery.lastResponseCode}
      body={delivery.lastResponseBody ?? delivery.lastError}
      notSent={delivery.attempts === 0}
    />
  );
}

export function ResendButton({ delivery, userId }: { delivery: WebhookDelivery; userId: string }) {
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
