import type { PaystackClient } from '../paystack/paystack-client.ts';
import type { PaymentsProvider } from './payments-provider.ts';

const REFUNDS_NOT_YET =
  'Refunds through Paystack are not available in Bizdash yet: refund this payment from the Paystack dashboard (Transactions > Refund).';

/** Refunds the merchant asks for, as Paystack refunds (`POST /refund`, `GET /refund`). */
export function paystackRefunds(
  _paystack: PaystackClient,
): Pick<PaymentsProvider, 'refund' | 'lookupRefund'> {
  return {
    async refund() {
      return { state: 'FAILED', refundId: null, reason: REFUNDS_NOT_YET };
    },
    async lookupRefund() {
      return { state: 'FAILED', refundId: null, reason: REFUNDS_NOT_YET };
    },
  };
}
