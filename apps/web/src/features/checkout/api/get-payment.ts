import { type CheckoutPayment, CheckoutPaymentSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PAYMENT_FETCH_ERROR = 'Unable to load this payment';
const PROCESSING_POLL_MS = 1000;

type PaymentStep = 'OTP' | 'PROCESSING' | 'SUCCESSFUL' | 'FAILED';

/** Which page a payment shows: finished, waiting for the customer's code, or still with the acquirer. */
export function paymentStep(payment: CheckoutPayment): PaymentStep {
  if (payment.status === 'SUCCESSFUL' || payment.status === 'FAILED') return payment.status;
  return payment.status === 'CREATED' && payment.nextAction === 'OTP' ? 'OTP' : 'PROCESSING';
}

function getPayment(paymentId: string, signal?: AbortSignal): Promise<CheckoutPayment> {
  return apiRequest(`/checkout/payments/${encodeURIComponent(paymentId)}`, {
    schema: CheckoutPaymentSchema,
    auth: false,
    defaultError: PAYMENT_FETCH_ERROR,
    signal,
  });
}

export function getPaymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: [...queryKeys.checkout, 'payment', paymentId] as const,
    queryFn: ({ signal }) => getPayment(paymentId, signal),
    refetchInterval: (query) =>
      query.state.data && paymentStep(query.state.data) === 'PROCESSING' ? PROCESSING_POLL_MS : false,
    meta: { errorToast: false },
  });
}

/** One payment; polled every second while it is processing, so the page moves on by itself. */
export function usePayment(paymentId: string) {
  return useQuery(getPaymentQueryOptions(paymentId));
}
