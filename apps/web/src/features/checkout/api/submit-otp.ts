import { CheckoutPaymentSchema, type SubmitOtp } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getPaymentQueryOptions } from './get-payment';

export const SUBMIT_OTP_ERROR = 'Unable to verify the code. Please try again.';

function submitOtp(paymentId: string, body: SubmitOtp) {
  return apiRequest(`/checkout/payments/${encodeURIComponent(paymentId)}/otp`, {
    method: 'POST',
    body,
    schema: CheckoutPaymentSchema,
    auth: false,
    defaultError: SUBMIT_OTP_ERROR,
  });
}

/** The issuer's answer is the payment itself (approved, or failed after too many wrong codes). */
export function useSubmitOtp(paymentId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getPaymentQueryOptions(paymentId);
  return useMutation({
    mutationFn: (body: SubmitOtp) => submitOtp(paymentId, body),
    onSuccess: (payment) => queryClient.setQueryData(queryKey, payment),
    onError: (error) => {
      // Anything but a refused code (400): the payment may have moved on without this answer (finished elsewhere,
      // or the code was taken and the connection lost), so it is read again and shown as it is now.
      if (!(error instanceof ApiError && error.status === 400))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
