import { formatDateTime, type WebhookDelivery } from '@bizdash/shared';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryStatus, EventName, LastResponse, NextTry, ResendButton } from './delivery-cells';

const CAPTION = 'Webhook deliveries';

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

export function DeliveriesTable({ deliveries, userId }: RowsProps) {
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
export function DeliveryCards({ deliveries, userId }: RowsProps) {
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
