import type { CheckoutPayment } from '@bizdash/shared';
import type { ReactNode } from 'react';

export interface PaymentDetail {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label-value rows of a payment, as on a paper receipt. */
export function PaymentDetails({ items }: { items: PaymentDetail[] }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 ring-1 ring-slate-900/5 ring-inset">
      {items.map((item) => (
        <div key={item.label} className="flex items-start justify-between gap-4 py-3 text-sm">
          <dt className="shrink-0 text-slate-600">{item.label}</dt>
          <dd data-testid={item.testId} className="min-w-0 text-right font-medium break-words text-slate-900">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Ankara fabric × 2' */
export const orderSummary = (payment: CheckoutPayment) =>
  `${payment.productName} × ${payment.quantity.toLocaleString('en')}`;
