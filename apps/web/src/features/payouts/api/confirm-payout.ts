import { type ConfirmPayoutRequest, formatMoney, PAYOUT_MESSAGES, PayoutSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getPayoutQueryOptions } from './get-payout';

const CONFIRM_PAYOUT_ERROR = 'Unable to confirm the payout. Please try again.';

function confirmPayout({ payoutId, code }: ConfirmPayoutRequest & { payoutId: string }) {
  return apiRequest(`/payouts/${encodeURIComponent(payoutId)}/confirm`, {
    method: 'POST',
    body: { code },
    schema: PayoutSchema,
    defaultError: CONFIRM_PAYOUT_ERROR,
  });
}

/**
 * Confirms with the code: the money leaves the wallet, so balances and transactions refresh too. Said here, not by
 * the form: the page swaps the form for the payout's status as soon as the answer is in the cache.
 */
export function useConfirmPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayout,
    onSuccess: async (payout) => {
      toast.success(`${PAYOUT_MESSAGES.confirmed}: ${formatMoney(payout.amount, payout.currency)}`);
      queryClient.setQueryData(getPayoutQueryOptions(payout.id).queryKey, payout);
      await Promise.all(
        [queryKeys.payouts, queryKeys.wallets, queryKeys.transactions].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
