import type { Transaction } from '@bizdash/shared';
import { isOpenDispute, usePaymentDisputes } from '@/features/disputes/api/get-disputes';
import { PaymentRefunds } from '@/features/refunds/components/payment-refunds';
import { useTransactionSearch } from '@/features/transactions/api/search-transactions';

/**
 * The card fee taken on a payment: its child FEE DEBIT ('Card fee: <reference>'), found by the payment's order
 * reference. Null while the search runs; 0 when the payment carried no fee.
 */
function useCardFee(payment: Transaction): number | null {
  const query = useTransactionSearch({
    filter: {
      walletId: payment.walletId,
      type: 'DEBIT',
      channel: 'FEE',
      query: payment.orderReference ?? payment.id,
    },
    size: 10,
  });
  if (!query.data) return null;
  const fee = query.data.items.find((candidate) => candidate.parentTransactionId === payment.id);
  return fee?.transactionAmount ?? 0;
}

/**
 * A card payment's refunds under its transaction details (issue 22 §1): the refunds feature's list and dialog,
 * given the payment's card fee from the transactions feature and its disputes from the disputes feature. Loaded with the first details modal that needs it.
 */
export function PaymentRefundsExtra({ transaction }: { transaction: Transaction }) {
  const cardFee = useCardFee(transaction);
  const disputes = usePaymentDisputes(transaction.id).data ?? [];
  return (
    <PaymentRefunds
      payment={{
        transactionId: transaction.id,
        currency: transaction.currencyCode,
        amount: transaction.transactionAmount,
      }}
      cardFee={cardFee}
      disputes={{
        open: disputes.some((dispute) => isOpenDispute(dispute.status)),
        // A dispute lost or accepted sent its amount to the customer's bank: that much cannot be refunded again.
        lost: disputes
          .filter((dispute) => dispute.status === 'LOST' || dispute.status === 'ACCEPTED')
          .reduce((sum, dispute) => sum + dispute.amount, 0),
      }}
    />
  );
}
