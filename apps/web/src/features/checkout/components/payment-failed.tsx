import { type CheckoutPayment, cardSummary, formatMoney } from '@bizdash/shared';
import { CircleX, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { orderSummary, PaymentDetails } from './payment-details';
import { StateHeader } from './state-header';

const NO_REASON = 'The payment could not be completed.';

/** Why it failed, and a way back to try again (a new attempt, so a new Idempotency-Key). */
export function PaymentFailed({ payment, onTryAgain }: { payment: CheckoutPayment; onTryAgain: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <StateHeader icon={CircleX} tone="danger" title="Payment failed">
        <p data-testid="failure-reason" className="font-medium text-slate-800">
          {payment.failureReason ?? NO_REASON}
        </p>
      </StateHeader>
      <PaymentDetails
        items={[
          { label: 'Amount', value: formatMoney(payment.total, payment.currency) },
          { label: 'Product', value: orderSummary(payment) },
          { label: 'Card', value: cardSummary(payment.card) },
          {
            label: 'Reference',
            testId: 'payment-reference',
            value: <span className="font-mono">{payment.reference}</span>,
          },
        ]}
      />
      <Button
        size="lg"
        className="h-12 w-full text-base"
        icon={<RotateCcw className="size-4" aria-hidden="true" />}
        onClick={onTryAgain}
      >
        Try again
      </Button>
    </div>
  );
}
