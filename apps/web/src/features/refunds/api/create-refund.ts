import {
  type CreateRefundRequest,
  formatMoney,
  IDEMPOTENCY_KEY_HEADER,
  type Refund,
  RefundSchema,
} from '@bizdash/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

const CREATE_REFUND_ERROR = 'Unable to refund this payment. Please try again.';

interface CreateRefundVariables {
  refund: CreateRefundRequest;
  /** One per attempt, kept while the dialog is open: the same submission sent again is refunded once. */
  idempotencyKey: string;
}

function createRefund({ refund, idempotencyKey }: CreateRefundVariables): Promise<Refund> {
  return apiRequest('/refunds', {
    method: 'POST',
    body: refund,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: RefundSchema,
    defaultError: CREATE_REFUND_ERROR,
  });
}

/**
 * Refunds part or all of a payment. The wallet is debited at once: balances, the transactions list (the refund's
 * DEBIT) and the payment's refunds are refetched. Errors are the dialog's to show, as sentences.
 */
export function useCreateRefund({ onSuccess }: { onSuccess?: (refund: Refund) => void } = {}) {
  return useApiMutation({
    mutationFn: createRefund,
    successMessage: (refund) =>
      `Refund of ${formatMoney(refund.amount, refund.currency)} on its way to the customer's card`,
    invalidates: [queryKeys.refunds, queryKeys.transactions, queryKeys.wallets],
    onSuccess,
    toastErrors: false,
  });
}
