import { PAYOUT_MESSAGES, PayoutSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { getPayoutQueryOptions } from './get-payout';

const RESEND_CODE_ERROR = 'Unable to send a new code. Please try again.';

function resendPayoutCode(payoutId: string) {
  return apiRequest(`/payouts/${encodeURIComponent(payoutId)}/resend-code`, {
    method: 'POST',
    schema: PayoutSchema,
    defaultError: RESEND_CODE_ERROR,
  });
}

/** A new emailed code: the payout in the cache takes its new deadline. */
export function useResendPayoutCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendPayoutCode,
    onSuccess: (payout) => {
      toast.success(PAYOUT_MESSAGES.codeResent);
      queryClient.setQueryData(getPayoutQueryOptions(payout.id).queryKey, payout);
    },
    onError: (error) => toast.error(error.message),
  });
}
