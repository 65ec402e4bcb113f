import { z } from 'zod';
import { PaystackCallFailed, type PaystackClient, type PaystackPage } from '../paystack/paystack-client.ts';
import type { PaymentsProvider, RefundResult } from './payments-provider.ts';

/** Why a refund through Paystack failed, as the merchant reads it (followed by "The money is back in your wallet."). */
export const PAYSTACK_REFUND_MESSAGES = {
  failed: "Paystack could not return the money to the customer's card",
  noTransaction: "Paystack has no transaction with this payment's reference, so it has nothing to refund",
  refused: (paystackMessage: string | null) =>
    `Paystack refused the refund${paystackMessage?.trim() ? `: ${paystackMessage.trim().replace(/\.+$/, '')}` : ''}`,
} as const;

const PaystackRefundSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  merchant_note: z.string().nullish(),
});
type PaystackRefund = z.infer<typeof PaystackRefundSchema>;

const TransactionIdSchema = z.object({ id: z.union([z.number(), z.string()]) });

/** How many refunds of one transaction are read at most while looking for ours (Paystack's largest page). */
const REFUNDS_PER_PAGE = 100;
const MAX_PAGES = 20;

/**
 * Paystack's POST /refund has no idempotency key: each refund carries our reference in its merchant_note instead,
 * which is how a refund whose answer was lost is found again rather than asked twice.
 */
const tagOf = (refundReference: string) => `Bizdash refund ${refundReference}`;

/** Where a Paystack refund status leaves ours (pending, processing and needs-attention are still moving). */
function resultOf(refund: PaystackRefund): RefundResult {
  if (refund.status === 'processed') return { state: 'SUCCEEDED', refundId: refund.id };
  if (refund.status === 'failed')
    return { state: 'FAILED', refundId: refund.id, reason: PAYSTACK_REFUND_MESSAGES.failed };
  return { state: 'PENDING', refundId: refund.id };
}

/**
 * Paystack said no and did nothing: a refund it will not make (more than is left, a transaction it cannot refund)
 * fails. A rate limit or our own key refused is not the refund's fault: the call is tried again later.
 */
const refusalOf = (error: unknown): PaystackCallFailed | null =>
  error instanceof PaystackCallFailed && error.refused && ![401, 403, 429].includes(error.httpStatus ?? 0)
    ? error
    : null;

/** Verify's answer for a reference Paystack has never seen. */
const TRANSACTION_NOT_FOUND = /not found/i;

/** Refunds the merchant asks for, as Paystack refunds (`POST /refund`, `GET /refund`, `GET /refund/{id}`). */
export function paystackRefunds(paystack: PaystackClient): Pick<PaymentsProvider, 'refund' | 'lookupRefund'> {
  /** Paystack's id of the transaction with this reference (refund lists filter by it); null: Paystack has none. */
  async function transactionIdOf(reference: string): Promise<string | null> {
    try {
      const transaction = await paystack.get(
        `/transaction/verify/${encodeURIComponent(reference)}`,
        {},
        TransactionIdSchema,
      );
      return String(transaction.id);
    } catch (error) {
      if (
        error instanceof PaystackCallFailed &&
        error.refused &&
        TRANSACTION_NOT_FOUND.test(error.paystackMessage ?? '')
      )
        return null;
      throw error;
    }
  }

  /** The refund of this transaction tagged with our reference, if Paystack has one. */
  async function findTagged(transactionId: string, refundReference: string) {
    const tag = tagOf(refundReference);
    let page: number | null = 1;
    for (let read = 0; page !== null && read < MAX_PAGES; read++) {
      const refunds: PaystackPage<PaystackRefund> = await paystack.list(
        '/refund',
        { transaction: transactionId, perPage: REFUNDS_PER_PAGE, page },
        PaystackRefundSchema,
      );
      const ours = refunds.items.find((refund) => refund.merchant_note === tag);
      if (ours) return ours;
      page = refunds.nextPage ?? null;
    }
    return null;
  }

  return {
    async refund(request) {
      // Any doubt on the way (no answer, a refusal of a read) throws: the refunds job asks again later. Only Paystack
      // refusing the refund itself, or having no such transaction, fails it: then nothing can have left for the card.
      const transactionId = await transactionIdOf(request.providerReference);
      if (transactionId === null)
        return { state: 'FAILED', refundId: null, reason: PAYSTACK_REFUND_MESSAGES.noTransaction };
      // An earlier call may have made it and lost its answer (a timeout, a 5xx after the work): found, not redone.
      const earlier = await findTagged(transactionId, request.refundReference);
      if (earlier) return resultOf(earlier);
      try {
        const made = await paystack.post(
          '/refund',
          {
            transaction: request.providerReference,
            amount: request.amount,
            currency: request.currency,
            merchant_note: tagOf(request.refundReference),
            ...(request.customerNote ? { customer_note: request.customerNote } : {}),
          },
          PaystackRefundSchema,
        );
        return resultOf(made);
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return {
          state: 'FAILED',
          refundId: null,
          reason: PAYSTACK_REFUND_MESSAGES.refused(refusal.paystackMessage),
        };
      }
    },

    async lookupRefund({ refundReference, refundId, chargeReference }) {
      if (refundId)
        return resultOf(
          await paystack.get(`/refund/${encodeURIComponent(refundId)}`, {}, PaystackRefundSchema),
        );
      const transactionId = await transactionIdOf(chargeReference);
      const found = transactionId === null ? null : await findTagged(transactionId, refundReference);
      // Not made (or not listed yet): never a failure, which would give the money back while one may be on its way.
      if (!found)
        throw new Error(`Paystack has no refund ${refundReference} yet: it is asked for with refund()`);
      return resultOf(found);
    },
  };
}
