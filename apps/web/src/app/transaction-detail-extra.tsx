import type { Transaction } from '@bizdash/shared';
import { lazy, Suspense } from 'react';

const PaymentRefundsExtra = lazy(() =>
  import('./payment-refunds').then((module) => ({ default: module.PaymentRefundsExtra })),
);

/** Only a successful card payment can be refunded (the API refuses any other with a 409). */
const isRefundablePayment = (transaction: Transaction) =>
  transaction.transactionType === 'CREDIT' &&
  transaction.transactionStatus === 'SUCCESSFUL' &&
  transaction.transactionChannel === 'CARD';

/**
 * What other features add under a transaction's details (lib/transaction-detail-slot), filled in by the signed-in
 * shell: a card payment's refunds and its Refund button (features/refunds).
 */
export function TransactionDetailExtra({ transaction }: { transaction: Transaction }) {
  if (!isRefundablePayment(transaction)) return null;
  return (
    <Suspense fallback={null}>
      <PaymentRefundsExtra transaction={transaction} />
    </Suspense>
  );
}
