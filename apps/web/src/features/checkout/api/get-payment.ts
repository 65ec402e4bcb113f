import { type CheckoutPayment, CheckoutPaymentSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PAYMENT_FETCH_ERROR = 'Unable to load this payment';
const PROCESSING_POLL_MS = 1000;
/** Each look at a hosted payment asks the acquirer: less often than the sandbox's own processing. */
const REDIRECT_POLL_MS = 3000;

type PaymentStep = 'OTP' | 'REDIRECT' | 'PROCESSING' | 'SUCCESSFUL' | 'FAILED';

/**
 * Which page a payment shows: finished, waiting for the customer's code, waiting for the customer on the hosted
 * checkout's page (or for its word after they came back), or still with the acquirer.
 */
export function paymentStep(payment: CheckoutPayment): PaymentStep {
  if (payment.status === 'SUCCESSFUL' || payment.status === 'FAILED') return payment.status;
  if (payment.nextAction === 'REDIRECT') return 'REDIRECT';
  return payment.status === 'CREATED' && payment.nextAction === 'OTP' ? 'OTP' : 'PROCESSING';
}

const pollEvery = (payment: CheckoutPayment | undefined) => {
  const step = payment ? paymentStep(payment) : null;
  if (step === 'PROCESSING') return PROCESSING_POLL_MS;
  return step === 'REDIRECT' ? REDIRECT_POLL_MS : false;
};

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
    refetchInterval: (query) => pollEvery(query.state.data),
    meta: { errorToast: false },
  });
}

/** One payment; polled while it is processing or with the hosted checkout, so the page moves on by itself. */
export function usePayment(paymentId: string) {
  return useQuery(getPaymentQueryOptions(paymentId));
}
