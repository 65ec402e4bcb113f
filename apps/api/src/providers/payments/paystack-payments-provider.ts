import type { CardBrand } from '@bizdash/shared';
import { z } from 'zod';
import {
  createPaystackClient,
  PaystackCallFailed,
  type PaystackSettings,
} from '../paystack/paystack-client.ts';
import type {
  HostedPaymentsProvider,
  HostedVerification,
  PaymentsProvider,
  ReportedCard,
} from './payments-provider.ts';
import { paystackDisputes } from './paystack-disputes.ts';
import { paystackRefunds } from './paystack-refunds.ts';

const InitializedSchema = z.object({
  authorization_url: z.url(),
  access_code: z.string(),
  reference: z.string(),
});

// `authorization` is `{}` until a card was used; only what we keep of it is read.
const TransactionSchema = z.object({
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
  authorization: z
    .object({ last4: z.string().nullish(), brand: z.string().nullish(), card_type: z.string().nullish() })
    .nullish(),
});
type PaystackTransaction = z.infer<typeof TransactionSchema>;

const RefundSchema = z.object({ id: z.number().or(z.string()) });

/** What the customer reads when Paystack says the payment did not go through. */
export const PAYSTACK_PAYMENT_MESSAGES = {
  abandoned: "The payment was not completed on Paystack's page. Your card was not charged.",
  declined: (gatewayResponse: string | null | undefined) =>
    `Paystack declined the payment${gatewayResponse?.trim() ? ` (${gatewayResponse.trim()})` : ''}. Your card was not charged.`,
  reversed: 'Paystack reversed this payment: the amount was returned to your card.',
  notStarted: (message: string | null) =>
    `Paystack could not start this payment${message ? `: ${message}` : ''}. Your card was not charged.`,
} as const;

/** Paystack refuses a reference it has seen: the transaction exists already (an earlier call that got no answer). */
const DUPLICATE_REFERENCE = /duplicate transaction reference/i;
const REFERENCE_NOT_FOUND = /not found/i;

const CARD_METHOD_REFUSED =
  'Paystack takes card details on its own hosted page: Bizdash never charges a card directly with PAYMENTS_PROVIDER=paystack.';

const BRANDS: Record<string, CardBrand> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  verve: 'VERVE',
  'american express': 'AMEX',
  amex: 'AMEX',
};

function reportedCard(transaction: PaystackTransaction): ReportedCard | null {
  const last4 = transaction.authorization?.last4?.trim() ?? '';
  if (!/^\d{4}$/.test(last4)) return null;
  const brand = (transaction.authorization?.brand ?? transaction.authorization?.card_type ?? '')
    .trim()
    .toLowerCase();
  return { brand: BRANDS[brand] ?? 'UNKNOWN', last4 };
}

/** Where a Paystack transaction status leaves a payment (Paystack's statuses; anything unlisted is still moving). */
function verificationOf(transaction: PaystackTransaction): HostedVerification {
  const card = reportedCard(transaction);
  switch (transaction.status) {
    case 'success':
      return {
        state: 'PAID',
        reference: transaction.reference,
        amount: transaction.amount,
        currency: transaction.currency,
        card,
      };
    case 'failed':
      return {
        state: 'FAILED',
        reason: PAYSTACK_PAYMENT_MESSAGES.declined(transaction.gateway_response),
        card,
      };
    case 'abandoned':
      return { state: 'FAILED', reason: PAYSTACK_PAYMENT_MESSAGES.abandoned, card };
    case 'reversed':
      return { state: 'FAILED', reason: PAYSTACK_PAYMENT_MESSAGES.reversed, card };
    default:
      // ongoing, pending, processing, queued: the customer is still on the page, or Paystack is still deciding.
      return { state: 'OPEN' };
  }
}

/**
 * Card payments on Paystack's hosted checkout (PAYMENTS_PROVIDER=paystack): `POST /transaction/initialize` with our
 * payment's reference opens Paystack's page, `GET /transaction/verify/{reference}` says where it stands, and a
 * transaction paid but not booked is refunded in full (`POST /refund`). Refunds the merchant asks for and disputes
 * are in paystack-refunds.ts and paystack-disputes.ts.
 */
export function createPaystackPaymentsProvider(settings: PaystackSettings): PaymentsProvider {
  const paystack = createPaystackClient(settings);
  const refuseCardMethod = async (): Promise<never> => {
    throw new Error(CARD_METHOD_REFUSED);
  };

  const provider: HostedPaymentsProvider = {
    flow: 'hosted',
    name: 'paystack',
    testMode: null,

    async initialize(request) {
      try {
        const opened = await paystack.post(
          '/transaction/initialize',
          {
            reference: request.reference,
            amount: request.amount,
            currency: request.currency,
            email: request.email,
            callback_url: request.returnUrl,
            // Card only: the payment is a card payment in the books, and its receipt names the card.
            channels: ['card'],
            // cancel_action: where Paystack's "Cancel payment" sends the customer (back to the payment's page).
            metadata: { ...request.metadata, cancel_action: request.returnUrl },
          },
          InitializedSchema,
        );
        return { outcome: 'REDIRECT', redirectUrl: opened.authorization_url };
      } catch (error) {
        if (!(error instanceof PaystackCallFailed) || !error.refused) throw error;
        if (DUPLICATE_REFERENCE.test(error.paystackMessage ?? '')) {
          // Opened by an earlier call whose answer was lost: its page's address is gone with that answer.
          return { outcome: 'REFUSED', reason: PAYSTACK_PAYMENT_MESSAGES.notStarted(null) };
        }
        // A 400 says what was wrong with the request (currency, email); a 401 is our key, none of the customer's business.
        const message = error.httpStatus === 400 ? error.paystackMessage : null;
        return { outcome: 'REFUSED', reason: PAYSTACK_PAYMENT_MESSAGES.notStarted(message) };
      }
    },

    async verify(reference) {
      try {
        const transaction = await paystack.get(
          `/transaction/verify/${encodeURIComponent(reference)}`,
          {},
          TransactionSchema,
        );
        return verificationOf(transaction);
      } catch (error) {
        if (
          error instanceof PaystackCallFailed &&
          error.httpStatus === 400 &&
          REFERENCE_NOT_FOUND.test(error.paystackMessage ?? '')
        )
          return { state: 'UNKNOWN' };
        throw error;
      }
    },

    async giveBack(reference) {
      await paystack.post('/refund', { transaction: reference }, RefundSchema);
    },

    ...paystackRefunds(paystack),
    ...paystackDisputes(paystack),
  };
  return {
    ...provider,
    charge: refuseCardMethod,
    submitOtp: refuseCardMethod,
    lookup: refuseCardMethod,
    cancel: refuseCardMethod,
  };
}
