import { type Currency, formatDateTime, formatMoney, type Refund } from '@bizdash/shared';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { PermissionGate } from '@/components/ui/permission-gate';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePaymentRefunds } from '../api/get-payment-refunds';
import { REFUND_REASON_LABELS } from '../refund-labels';
import { RefundDialog } from './refund-dialog';
import { RefundStatusBadge } from './refund-status-badge';

/** A successful card payment, as its transaction shows it. */
interface RefundsPayment {
  /** The payment's transaction (its CREDIT). */
  transactionId: string;
  currency: Currency;
  /** What the customer paid. */
  amount: number;
}

/** What the refunds that did not fail took back; a failed one put its money back in the wallet. */
const refundedAmount = (refunds: Refund[]) =>
  refunds.filter((refund) => refund.status !== 'FAILED').reduce((sum, refund) => sum + refund.amount, 0);

interface PaymentRefundsProps {
  payment: RefundsPayment;
  /** The card fee taken on the payment (not given back by a refund); null while it is not known. */
  cardFee: number | null;
  /**
   * The payment's disputes: one open holds the money (no refund until it is decided); those lost or accepted sent
   * `lost` to the customer's bank already.
   */
  disputes?: { open: boolean; lost: number };
}

/**
 * A payment's refunds on its detail (issue 22 §1): 'Refunded' or 'Partially refunded', each refund with its amount,
 * status and date, and the Refund button while something is left to refund.
 */
export function PaymentRefunds({ payment, cardFee, disputes }: PaymentRefundsProps) {
  const query = usePaymentRefunds(payment.transactionId);
  // A new dialog for each refund: its own draft and its own Idempotency-Keys.
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const money = (minor: number) => formatMoney(minor, payment.currency);

  if (!query.data) {
    if (query.isError) return <QueryErrorState query={query} headingLevel="h3" variant="inline" />;
    return (
      <div className="flex justify-center py-4">
        <Spinner className="size-5 text-brand-800" label="Loading refunds" />
      </div>
    );
  }

  const refunds = query.data.items;
  const refunded = refundedAmount(refunds);
  const refundable = Math.max(0, payment.amount - refunded - (disputes?.lost ?? 0));
  const disputed = disputes?.open ?? false;
  const state = refunded <= 0 ? null : refundable === 0 ? 'Refunded' : 'Partially refunded';

  return (
    <section
      aria-labelledby="payment-refunds-heading"
      className="flex flex-col gap-3 border-t border-slate-200 pt-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id="payment-refunds-heading" className="text-base font-semibold text-slate-900">
              Refunds
            </h3>
            {state ? (
              <StatusBadge
                tone={state === 'Refunded' ? 'grey' : 'yellow'}
                data-testid="payment-refund-state"
                data-state={refundable === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED'}
              >
                {state}
              </StatusBadge>
            ) : null}
          </div>
          <p className="text-sm text-slate-600" data-testid="payment-refund-summary">
            {disputed
              ? 'The customer disputed this payment: it cannot be refunded while the dispute is open.'
              : refunded > 0
                ? `${money(refunded)} refunded, ${money(refundable)} left to refund`
                : 'None yet. A refund goes back to the card the customer paid with.'}
          </p>
        </div>
        {refundable > 0 && !disputed ? (
          <PermissionGate permission="refunds.create">
            {(allowed) => (
              <Button
                variant="secondary"
                size="sm"
                icon={<RotateCcw className="size-4" aria-hidden="true" />}
                onClick={() => setDialog((current) => ({ open: true, key: current.key + 1 }))}
                disabled={!allowed}
              >
                Refund
              </Button>
            )}
          </PermissionGate>
        ) : null}
      </div>
      {refunds.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
          aria-label="Refunds of this payment"
        >
          {refunds.map((refund) => (
            <li
              key={refund.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3.5 py-2.5"
              data-testid="refund-row"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 tabular-nums" data-testid="refund-amount">
                  {money(refund.amount)}
                </p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(refund.createdAt)} · {REFUND_REASON_LABELS[refund.reason]}
                </p>
                {refund.status === 'FAILED' && refund.failureReason ? (
                  <p className="text-xs text-red-800">
                    {refund.failureReason}. The money is back in your wallet.
                  </p>
                ) : null}
              </div>
              <RefundStatusBadge status={refund.status} />
            </li>
          ))}
        </ul>
      ) : null}
      <RefundDialog
        key={dialog.key}
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        payment={{ transactionId: payment.transactionId, currency: payment.currency, refundable, cardFee }}
      />
    </section>
  );
}
