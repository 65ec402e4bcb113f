import {
  CheckoutPaymentSchema,
  IDEMPOTENCY_KEY_HEADER,
  type StartHostedPaymentSchema,
  type StartPaymentSchema,
} from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getCheckoutProductQueryOptions } from './get-checkout-product';
import { getPaymentQueryOptions } from './get-payment';

export const START_PAYMENT_ERROR = 'Unable to start the payment. Please try again.';

interface StartPaymentRequest {
  productId: string;
  /** One per attempt: the server replays the first result for the same key instead of charging twice. */
  idempotencyKey: string;
  /** With the card on the sandbox's form; without one on a hosted checkout (the acquirer's page takes it). */
  payment: z.output<typeof StartPaymentSchema> | z.output<typeof StartHostedPaymentSchema>;
}

function startPayment({ productId, idempotencyKey, payment }: StartPaymentRequest) {
  return apiRequest(`/checkout/products/${encodeURIComponent(productId)}/payments`, {
    method: 'POST',
    body: payment,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: CheckoutPaymentSchema,
    auth: false,
    defaultError: START_PAYMENT_ERROR,
  });
}

export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    onSuccess: (payment) =>
      queryClient.setQueryData(getPaymentQueryOptions(payment.paymentId).queryKey, payment),
    onError: (error, { productId }) => {
      // Sold out, archived or short of stock: the page must show the product as it is now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: getCheckoutProductQueryOptions(productId).queryKey });
      }
    },
  });
}
