import type { PaystackClient } from '../paystack/paystack-client.ts';
import type { PaymentsProvider } from './payments-provider.ts';

const DISPUTES_NOT_YET =
  'Disputes through Paystack are not available in Bizdash yet: answer this dispute from the Paystack dashboard.';

type DisputeMethods = Pick<
  PaymentsProvider,
  'disputeUpdates' | 'acknowledgeDisputeUpdate' | 'submitDisputeEvidence' | 'acceptDispute'
>;

/** Chargebacks as Paystack reports them (`charge.dispute.*`, `GET /dispute`) and the merchant's answers to them. */
export function paystackDisputes(_paystack: PaystackClient): DisputeMethods {
  return {
    // Paystack reports disputes by webhook (charge.dispute.*), which Bizdash does not handle yet: none to poll.
    async disputeUpdates() {
      return [];
    },
    async acknowledgeDisputeUpdate() {
      throw new Error(DISPUTES_NOT_YET);
    },
    async submitDisputeEvidence() {
      throw new Error(DISPUTES_NOT_YET);
    },
    async acceptDispute() {
      throw new Error(DISPUTES_NOT_YET);
    },
  };
}
