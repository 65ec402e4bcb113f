import { formatDateTime, type Transaction, transactionChannelLabel } from '@bizdash/shared';
import { CopyButton } from '@/components/ui/copy-button';
import { DescriptionList } from '@/components/ui/description-list';
import { QueryErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { TransactionDetailExtraSlot } from '@/lib/transaction-detail-slot';
import { useTransaction } from '../api/get-transaction';
import { TransactionAmount } from './transaction-amount';
import { TransactionStatusBadge } from './transaction-status-badge';
import { TypeLabel } from './transactions-table';

function IdValue({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className="min-w-0 font-mono text-xs break-all text-slate-800">{value}</span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/** A refund is a card DEBIT whose parent is the refunded payment's CREDIT (issue 22 §1). */
const isRefund = (transaction: Transaction) =>
  transaction.transactionType === 'DEBIT' &&
  transaction.transactionChannel === 'CARD' &&
  transaction.parentTransactionId !== null;

/** 'Refund of' the payment: its name and reference, a click away from its own details. */
function RefundedPayment({ id, onOpen }: { id: string; onOpen?: (transaction: Transaction) => void }) {
  const { data: payment } = useTransaction(id);
  if (!payment) return <IdValue value={id} label="payment's transaction ID" />;
  const name = [payment.description, payment.orderReference].filter(Boolean).join(' · ');
  if (!onOpen) return <span>{name}</span>;
  return (
    <button
      type="button"
      onClick={() => onOpen(payment)}
      className="text-left font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {name}
    </button>
  );
}

function Details({
  transaction,
  onOpen,
}: {
  transaction: Transaction;
  onOpen?: ((transaction: Transaction) => void) | undefined;
}) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="flex flex-wrap items-end justify-between gap-4 rounded-xl bg-slate-50 px-5 py-4 ring-1 ring-slate-900/5">
        <div>
          <dt className="text-sm text-slate-600">Amount</dt>
          <dd className="mt-1" data-testid="detail-amount">
            <TransactionAmount transaction={transaction} className="text-2xl tracking-tight" />
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-sm text-slate-600">Status</dt>
          <dd className="mt-1.5" data-testid="detail-status">
            <TransactionStatusBadge status={transaction.transactionStatus} />
          </dd>
        </div>
      </dl>
      {transaction.failureReason ? (
        <div
          className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-600/15 ring-inset"
          data-testid="detail-failure-reason"
        >
          <p className="font-medium">Why it failed</p>
          <p className="mt-0.5">{transaction.failureReason}</p>
        </div>
      ) : null}
      <DescriptionList
        twoColumnsOnPhones
        items={[
          {
            label: 'Transaction Time',
            value: formatDateTime(transaction.impactTime),
            testId: 'detail-transaction-time',
          },
          { label: 'Type', value: <TypeLabel type={transaction.transactionType} /> },
          { label: 'Description', value: transaction.description, testId: 'detail-description', wide: true },
          { label: 'Beneficiary', value: transaction.beneficiary, testId: 'detail-beneficiary' },
          { label: 'Channel', value: transactionChannelLabel(transaction.transactionChannel) },
          { label: 'Order Reference', value: transaction.orderReference, testId: 'detail-order-reference' },
          { label: 'Currency', value: transaction.currencyCode },
          {
            label: 'Transaction ID',
            value: <IdValue value={transaction.transactionId} label="transaction ID" />,
            testId: 'detail-transaction-id',
            wide: true,
          },
          ...(transaction.parentTransactionId && isRefund(transaction)
            ? [
                {
                  label: 'Refund of',
                  value: <RefundedPayment id={transaction.parentTransactionId} onOpen={onOpen} />,
                  testId: 'detail-refund-of',
                  wide: true,
                },
              ]
            : transaction.parentTransactionId
              ? [
                  {
                    label: 'Parent Transaction',
                    value: <IdValue value={transaction.parentTransactionId} label="parent transaction ID" />,
                    testId: 'detail-parent-transaction',
                    wide: true,
                  },
                ]
              : []),
        ]}
      />
      <TransactionDetailExtraSlot transaction={transaction} />
    </div>
  );
}

function TransactionDetails({
  id,
  placeholder,
  onOpen,
}: {
  id: string;
  placeholder: Transaction;
  onOpen?: ((transaction: Transaction) => void) | undefined;
}) {
  const query = useTransaction(id, placeholder);
  if (query.isError) {
    return <QueryErrorState query={query} headingLevel="h3" variant="inline" />;
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-brand-800" label="Loading transaction" />
      </div>
    );
  }
  return <Details transaction={query.data} onOpen={onOpen} />;
}

/** SPEC section 2: 'Transaction Details', fetched fresh (and every 60 s) for the chosen row. */
export function TransactionDetailsModal({
  selected,
  onClose,
  onOpen,
}: {
  selected: Transaction | null;
  onClose: () => void;
  /** Shows another transaction's details instead (a refund's payment). */
  onOpen?: (transaction: Transaction) => void;
}) {
  return (
    <Modal
      open={selected !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Transaction Details"
    >
      {selected ? (
        <TransactionDetails key={selected.id} id={selected.id} placeholder={selected} onOpen={onOpen} />
      ) : null}
    </Modal>
  );
}
