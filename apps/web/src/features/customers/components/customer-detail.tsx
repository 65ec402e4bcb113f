import {
  type CustomerDetail as CustomerDetailData,
  type CustomerDispute,
  type CustomerPayment,
  type CustomerRefund,
  formatDate,
  formatDateTime,
  formatMoney,
} from '@bizdash/shared';
import { Link } from 'react-router';
import { DescriptionList } from '@/components/ui/description-list';
import { SectionCard } from '@/components/ui/section-card';
import { CustomerAmounts } from './customer-amounts';
import {
  DISPUTE_REASON_LABELS,
  DisputeStatusBadge,
  PaymentStatusBadge,
  REFUND_REASON_LABELS,
  RefundStatusBadge,
} from './customer-statuses';

/** A payment in the transactions list: searched by its order reference. */
const transactionsOf = (reference: string) => `/transactions/all?q=${encodeURIComponent(reference)}`;

function Payments({ payments }: { payments: CustomerPayment[] }) {
  if (payments.length === 0) return <p className="text-sm text-slate-600">No payments.</p>;
  return (
    <ul aria-label="Payments" className="-my-3 divide-y divide-slate-100">
      {payments.map((payment) => (
        <li
          key={payment.id}
          data-testid="customer-payment"
          data-payment-id={payment.id}
          className="flex items-start justify-between gap-4 py-3"
        >
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate text-sm font-medium text-slate-900" title={payment.productName}>
              {payment.quantity > 1 ? `${payment.productName} x${payment.quantity}` : payment.productName}
            </span>
            <span className="text-xs text-slate-600 tabular-nums">
              {formatDateTime(payment.createdAt)} ·{' '}
              <Link
                to={transactionsOf(payment.reference)}
                className="font-mono whitespace-nowrap text-brand-700 hover:underline"
                title="Show in transactions"
              >
                {payment.reference}
              </Link>
            </span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <span
              className="text-sm font-semibold text-slate-900 tabular-nums"
              data-testid="customer-payment-amount"
            >
              {formatMoney(payment.amount, payment.currency)}
            </span>
            <PaymentStatusBadge status={payment.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Refunds({ refunds, payments }: { refunds: CustomerRefund[]; payments: CustomerPayment[] }) {
  if (refunds.length === 0) return <p className="text-sm text-slate-600">No refunds.</p>;
  const referenceOf = new Map(payments.map((payment) => [payment.id, payment.reference]));
  return (
    <ul aria-label="Refunds" className="-my-3 divide-y divide-slate-100">
      {refunds.map((refund) => (
        <li
          key={refund.id}
          data-testid="customer-refund"
          className="flex items-start justify-between gap-4 py-3"
        >
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="text-sm font-medium text-slate-900">{REFUND_REASON_LABELS[refund.reason]}</span>
            <span className="text-xs text-slate-600 tabular-nums">
              {formatDateTime(refund.createdAt)}
              {referenceOf.has(refund.paymentId) ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">of {referenceOf.get(refund.paymentId)}</span>
                </>
              ) : null}
            </span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <span className="text-sm font-semibold text-slate-900 tabular-nums">
              {formatMoney(refund.amount, refund.currency)}
            </span>
            <RefundStatusBadge status={refund.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Disputes({ disputes, payments }: { disputes: CustomerDispute[]; payments: CustomerPayment[] }) {
  if (disputes.length === 0) return <p className="text-sm text-slate-600">No disputes.</p>;
  const referenceOf = new Map(payments.map((payment) => [payment.id, payment.reference]));
  return (
    <ul aria-label="Disputes" className="-my-3 divide-y divide-slate-100">
      {disputes.map((dispute) => (
        <li
          key={dispute.id}
          data-testid="customer-dispute"
          className="flex items-start justify-between gap-4 py-3"
        >
          <span className="flex min-w-0 flex-col gap-0.5">
            <Link
              to={`/disputes/${dispute.id}`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {DISPUTE_REASON_LABELS[dispute.reason]}
            </Link>
            <span className="text-xs text-slate-600 tabular-nums">
              {dispute.status === 'NEEDS_RESPONSE'
                ? `Answer by ${formatDateTime(dispute.evidenceDueBy)}`
                : `Opened ${formatDateTime(dispute.createdAt)}`}
              {referenceOf.has(dispute.paymentId) ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">of {referenceOf.get(dispute.paymentId)}</span>
                </>
              ) : null}
            </span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <span className="text-sm font-semibold text-slate-900 tabular-nums">
              {formatMoney(dispute.amount, dispute.currency)}
            </span>
            <DisputeStatusBadge status={dispute.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A customer's totals, then their newest payments and the refunds and disputes of those payments. */
export function CustomerDetail({ detail }: { detail: CustomerDetailData }) {
  const { customer, payments, refunds, disputes } = detail;
  return (
    <div className="flex flex-col gap-6">
      <SectionCard title="Summary">
        <DescriptionList
          twoColumnsOnPhones
          items={[
            { label: 'Email', value: customer.email, wide: true, testId: 'customer-email' },
            {
              label: 'Total spent',
              value: <CustomerAmounts amounts={customer.totalSpent} />,
              testId: 'customer-total-spent',
            },
            { label: 'Successful payments', value: customer.successfulPayments.toLocaleString('en') },
            {
              label: 'Refunded',
              value:
                customer.refunds.count > 0 ? (
                  <span className="flex flex-col">
                    <CustomerAmounts amounts={customer.refunds.amounts} />
                    <span className="text-xs font-normal text-slate-600">
                      {customer.refunds.count === 1
                        ? '1 refund'
                        : `${customer.refunds.count.toLocaleString('en')} refunds`}
                    </span>
                  </span>
                ) : (
                  <span className="font-normal text-slate-600">None</span>
                ),
              testId: 'customer-refunded',
            },
            {
              label: 'Disputes',
              value: customer.disputes.count.toLocaleString('en'),
              testId: 'customer-disputes',
            },
            { label: 'First payment', value: formatDate(customer.firstPaymentAt) },
            { label: 'Last payment', value: formatDate(customer.lastPaymentAt) },
          ]}
        />
      </SectionCard>
      <SectionCard
        title="Payments"
        description={payments.length >= 100 ? 'The newest 100 payments.' : undefined}
      >
        <Payments payments={payments} />
      </SectionCard>
      <SectionCard title="Refunds">
        <Refunds refunds={refunds} payments={payments} />
      </SectionCard>
      <SectionCard title="Disputes">
        <Disputes disputes={disputes} payments={payments} />
      </SectionCard>
    </div>
  );
}
