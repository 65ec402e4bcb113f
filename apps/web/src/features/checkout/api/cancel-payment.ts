import { type CheckoutPayment, CheckoutPaymentSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getPaymentQueryOptions } from './get-payment';

function cancelForAnotherCard(paymentId: string): Promise<CheckoutPayment> {
  return apiRequest(`/checkout/payments/${encodeURIComponent(paymentId)}/cancel`, {
    method: 'POST',
    schema: CheckoutPaymentSchema,
    auth: false,
    defaultError: 'Unable to cancel this payment.',
  });
}

/**
 * "Use another card": the payment waiting for its code is cancelled, so the merchant does not see it pending
 * for half an hour. A payment whose code was accepted meanwhile comes back paid and is shown as it is.
 */
export function useCancelForAnotherCard(paymentId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getPaymentQueryOptions(paymentId);
  return useMutation({
    mutationFn: () => cancelForAnotherCard(paymentId),
    onSuccess: (payment) => {
      if (payment.status !== 'FAILED') queryClient.setQueryData(queryKey, payment);
    },
  });
}
