import { type CheckoutPayment, cardSummary, formatDateTime, formatMoney } from '@bizdash/shared';
import { CircleCheck, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { orderSummary, type PaymentDetail, PaymentDetails } from './payment-details';
import { StateHeader } from './state-header';

/** What the customer keeps: who was paid, how much, for what, and the reference to quote. */
export function PaymentReceipt({ payment }: { payment: CheckoutPayment }) {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const feeLines: PaymentDetail[] =
    payment.feeBearer === 'CUSTOMER'
      ? [
          { label: 'Subtotal', value: money(payment.subtotal), testId: 'receipt-subtotal' },
          { label: 'Fee', value: money(payment.fee), testId: 'receipt-fee' },
        ]
      : [];
  return (
    <div className="flex flex-col gap-6">
      <StateHeader icon={CircleCheck} tone="success" title="Payment successful">
        Thank you, {payment.customerName}. Your payment to {payment.businessName} is complete, and a receipt
        is on its way to your email.
      </StateHeader>
      <div className="text-center">
        <p className="text-sm text-slate-600">Amount paid</p>
        <p
          data-testid="amount-paid"
          className="mt-1 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
        >
          {money(payment.total)}
        </p>
      </div>
      <PaymentDetails
        items={[
          {
            label: 'Reference',
            testId: 'payment-reference',
            value: (
              <span className="inline-flex items-center gap-1">
                <span className="font-mono">{payment.reference}</span>
                <CopyButton
                  value={payment.reference}
                  label="reference"
                  className="-my-1 -mr-1.5 print:hidden"
                />
              </span>
            ),
          },
          { label: 'Product', value: orderSummary(payment) },
          ...feeLines,
          { label: 'Paid to', value: payment.businessName },
          { label: 'Card', value: cardSummary(payment.card) },
          { label: 'Date', value: formatDateTime(payment.completedAt ?? payment.createdAt) },
        ]}
      />
      <Button
        variant="secondary"
        size="lg"
        className="w-full print:hidden"
        icon={<Printer className="size-4" aria-hidden="true" />}
        onClick={() => window.print()}
      >
        Print receipt
      </Button>
    </div>
  );
}
