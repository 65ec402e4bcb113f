import type { Transaction } from '@bizdash/shared';
import { lazy, Suspense } from 'react';

const PaymentRefundsExtra = lazy(() =>
  import('./payment-refunds').then((module) => ({ default: module.PaymentRefundsExtra })),
);
const PaymentCustomer = lazy(() =>
  import('@/features/customers/components/payment-customer').then((module) => ({
    default: module.PaymentCustomer,
  })),
);

const PaymentDisputes = lazy(() =>
  import('@/features/disputes/components/payment-dispute').then((module) => ({
    default: module.PaymentDisputes,
  })),
);

/** A checkout payment: a card CREDIT, whatever became of it. */
const isCardPayment = (transaction: Transaction) =>
  transaction.transactionType === 'CREDIT' && transaction.transactionChannel === 'CARD';

/** Only a successful card payment can be refunded (the API refuses any other with a 409). */
const isRefundablePayment = (transaction: Transaction) =>
  isCardPayment(transaction) && transaction.transactionStatus === 'SUCCESSFUL';

/**
 * What other features add under a transaction's details (lib/transaction-detail-slot), filled in by the signed-in
 * shell: a card payment's customer, one click from their page (features/customers), its disputes, each one click from
 * its page (features/disputes), and its refunds and Refund button (features/refunds).
 */
export function TransactionDetailExtra({ transaction }: { transaction: Transaction }) {
  if (!isCardPayment(transaction)) return null;
  return (
    <Suspense fallback={null}>
      <PaymentCustomer transactionId={transaction.id} />
      {transaction.transactionStatus === 'SUCCESSFUL' ? (
        <PaymentDisputes transactionId={transaction.id} />
      ) : null}
      {isRefundablePayment(transaction) ? <PaymentRefundsExtra transaction={transaction} /> : null}
    </Suspense>
  );
}
