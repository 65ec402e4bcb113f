import { z } from 'zod';
import {
  createPaystackClient,
  PaystackCallFailed,
  type PaystackSettings,
} from '../paystack/paystack-client.ts';
import type { PayoutRailProvider, RailState } from './payout-rail-provider.ts';

const RecipientSchema = z.object({ recipient_code: z.string().min(1) });
// `reason` is the narration we sent; why a transfer failed is in `gateway_response`, when Paystack gives one.
const TransferSchema = z.object({
  reference: z.string(),
  status: z.string(),
  gateway_response: z.string().nullish(),
});

/** Paystack refuses a reference it has seen: the transfer exists already, and this call moved nothing. */
const DUPLICATE_REFERENCE = /duplicate transfer reference/i;

const TRANSFER_REFERENCE_PREFIX = 'bzd_payout_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Our reference for a payout's transfer (lowercase letters, digits, '-' and '_', 16 to 50 characters). */
const paystackTransferReference = (payoutId: string) =>
  `${TRANSFER_REFERENCE_PREFIX}${payoutId.toLowerCase()}`;

/** The payout a transfer reference names, or null for a reference that is not one of ours. */
export function payoutIdOfTransferReference(reference: string): string | null {
  const payoutId = reference.startsWith(TRANSFER_REFERENCE_PREFIX)
    ? reference.slice(TRANSFER_REFERENCE_PREFIX.length)
    : '';
  return UUID.test(payoutId) ? payoutId : null;
}

const PAYSTACK_RAIL_MESSAGES = {
  nairaOnly: 'Paystack sends payouts to Nigerian bank accounts in Naira only.',
  otpRequired:
    'Paystack asks for an OTP to finalize transfers on this account: turn off transfer OTP in the Paystack dashboard (Settings > Preferences) for Bizdash to pay out.',
  reversed: 'The bank returned the transfer.',
} as const;

/** Where a Paystack transfer status leaves a payout: still moving, paid, or not paid (its money comes back). */
function railStateOf(status: string, reason: string | null | undefined): RailState {
  switch (status) {
    case 'success':
      return { state: 'succeeded' };
    case 'otp':
      return { state: 'failed', reason: PAYSTACK_RAIL_MESSAGES.otpRequired };
    case 'reversed':
      return { state: 'failed', reason: PAYSTACK_RAIL_MESSAGES.reversed };
    case 'failed':
    case 'rejected':
    case 'blocked':
    case 'abandoned':
      return { state: 'failed', reason: reason?.trim() || `Paystack: transfer ${status}` };
    default:
      // pending, received, processing, queued: Paystack is still moving it.
      return { state: 'pending' };
  }
}

const isUnknownRecipient = (error: unknown) =>
  error instanceof PaystackCallFailed && error.refused && /recipient/i.test(error.paystackMessage ?? '');

/**
 * Payouts as Paystack transfers from the balance (PAYOUT_RAIL_PROVIDER=paystack): a transfer recipient (type
 * nuban) made once per account and kept on it (bank_accounts.rail_recipient_code), then a transfer whose reference
 * is the payout's own, so a retry after a lost answer meets "Duplicate Transfer Reference" and can never pay twice. Its fate is read with GET /transfer/verify/{reference}.
 */
export function createPaystackPayoutRail(settings: PaystackSettings): PayoutRailProvider {
  const paystack = createPaystackClient(settings);

  async function createRecipient(order: {
    bankCode: string;
    accountNumber: string;
    accountHolderName: string;
  }) {
    const { recipient_code: code } = await paystack.post(
      '/transferrecipient',
      {
        type: 'nuban',
        name: order.accountHolderName,
        account_number: order.accountNumber,
        bank_code: order.bankCode,
        currency: 'NGN',
      },
      RecipientSchema,
    );
    return code;
  }

  const transfer = (reference: string, amount: number, recipient: string) =>
    paystack.post(
      '/transfer',
      { source: 'balance', amount, recipient, reference, currency: 'NGN', reason: 'Bizdash payout' },
      TransferSchema,
    );

  return {
    name: 'paystack',
    // Paystack's webhook says when a transfer moves; a transfer heard nothing of for 30 minutes is verified.
    firstCheckAfterMs: 30 * 60_000,
    async send(order) {
      if (order.currency !== 'NGN' || !order.bankCode) {
        return { state: 'failed', reason: PAYSTACK_RAIL_MESSAGES.nairaOnly };
      }
      const reference = paystackTransferReference(order.payoutId);
      const account = { ...order, bankCode: order.bankCode };
      let recipient = order.recipientCode;
      try {
        recipient ??= await createRecipient(account);
        try {
          await transfer(reference, order.amount, recipient);
        } catch (error) {
          // A recipient kept from another Paystack account (the key changed) is unknown here: made again, once.
          if (!isUnknownRecipient(error) || !order.recipientCode) throw error;
          recipient = await createRecipient(account);
          await transfer(reference, order.amount, recipient);
        }
        return { reference, recipientCode: recipient };
      } catch (error) {
        if (!(error instanceof PaystackCallFailed) || !error.refused) throw error;
        if (DUPLICATE_REFERENCE.test(error.paystackMessage ?? '')) return { reference };
        return {
          state: 'failed',
          reason: `Paystack refused the transfer: ${error.paystackMessage ?? 'no reason given'}`,
        };
      }
    },
    // Only a reference Paystack accepted (or called a duplicate) is checked: should Paystack not find it, the
    // payout stays in transit (an error, retried) rather than give back money a transfer may still pay.
    async check(reference) {
      const transfer = await paystack.get(
        `/transfer/verify/${encodeURIComponent(reference)}`,
        {},
        TransferSchema,
      );
      return railStateOf(transfer.status, transfer.gateway_response);
    },
  };
}
