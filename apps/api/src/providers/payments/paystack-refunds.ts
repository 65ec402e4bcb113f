import { z } from 'zod';
import { PaystackCallFailed, type PaystackClient, type PaystackPage } from '../paystack/paystack-client.ts';
import type { PaymentsProvider, RefundResult } from './payments-provider.ts';

/** Why a refund through Paystack failed, as the merchant reads it (followed by "The money is back in your wallet."). */
export const PAYSTACK_REFUND_MESSAGES = {
  failed: "Paystack could not return the money to the customer's card",
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

/** Refunds the merchant asks for, as Paystack refunds (`POST /refund`, `GET /refund`, `GET /refund/{id}`). */
export function paystackRefunds(paystack: PaystackClient): Pick<PaymentsProvider, 'refund' | 'lookupRefund'> {
  /** The refund of this transaction tagged with our reference, if Paystack has one (lists filter by its id). */
  async function findTagged(transactionReference: string, refundReference: string) {
    const transaction = await paystack.get(
      `/transaction/verify/${encodeURIComponent(transactionReference)}`,
      {},
      TransactionIdSchema,
    );
    const tag = tagOf(refundReference);
    let page: number | null = 1;
    for (let read = 0; page !== null && read < MAX_PAGES; read++) {
      const refunds: PaystackPage<PaystackRefund> = await paystack.list(
        '/refund',
        { transaction: String(transaction.id), perPage: REFUNDS_PER_PAGE, page },
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
      try {
        // An earlier call may have made it and lost its answer (a timeout, a 5xx after the work): found, not redone.
        const earlier = await findTagged(request.providerReference, request.refundReference);
        if (earlier) return resultOf(earlier);
        const made = await paystack.post(
          '/refund',
          {
            transaction: request.providerReference,
            amount: request.amount,
            currency: request.currency,
            merchant_note: tagOf(request.refundReference),
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
      const found = await findTagged(chargeReference, refundReference);
      // Not made (or not listed yet): never a failure, which would give the money back while one may be on its way.
      if (!found)
        throw new Error(`Paystack has no refund ${refundReference} yet: it is asked for with refund()`);
      return resultOf(found);
    },
  };
}
