import { CURRENCIES, type Currency, type DisputeReason } from '@bizdash/shared';
import { z } from 'zod';
import { PaystackCallFailed, type PaystackClient, type PaystackPage } from '../paystack/paystack-client.ts';
import type { DisputeUpdate, PaymentsProvider } from './payments-provider.ts';

type DisputeMethods = Pick<
  PaymentsProvider,
  'disputeUpdates' | 'acknowledgeDisputeUpdate' | 'submitDisputeEvidence' | 'acceptDispute'
>;
type EvidenceFile = Parameters<PaymentsProvider['submitDisputeEvidence']>[0]['files'][number];

const idSchema = z.union([z.number(), z.string()]).transform(String);

/** A dispute as Paystack sends it (`charge.dispute.*` data, `GET /dispute`); only what Bizdash reads. */
const PaystackDisputeSchema = z.object({
  id: idSchema,
  refund_amount: z.number().int().nullish(),
  currency: z.string().nullish(),
  status: z.string(),
  resolution: z.string().nullish(),
  category: z.string().nullish(),
  transaction: z.object({
    reference: z.string().min(1),
    amount: z.number().int(),
    currency: z.string().nullish(),
  }),
  customer: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email: z.string().nullish(),
      phone: z.string().nullish(),
    })
    .nullish(),
  dueAt: z.string().nullish(),
  createdAt: z.string().nullish(),
});
type PaystackDispute = z.infer<typeof PaystackDisputeSchema>;

const EvidenceSchema = z.object({ id: idSchema });
const UploadUrlSchema = z.object({ signedUrl: z.url(), fileName: z.string().min(1) });

/** Paystack's list is read at most this often: its webhooks are the main path, the list only catches a lost one. */
const LIST_EVERY_MS = 10 * 60_000;
/** Disputes opened this long ago or less are listed (a chargeback is raised within months of the payment). */
const LIST_LOOKBACK_DAYS = 120;
const LIST_PAGE_SIZE = 100;
/** A list longer than this many pages is read in part; what is left waits for webhooks or the next look. */
const LIST_MAX_PAGES = 20;
/** A dispute reported without a due date (none seen yet) gets a day, so the overdue rule does not lose it at once. */
const DEFAULT_ANSWER_MS = 86_400_000;
/** Uploading one file to the address Paystack signed; longer than an API call, files are up to 10 MB. */
const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * Paystack requires a phone number with the evidence; checkout never asks for one, so Paystack's own record of the
 * customer gives it when it has one, and otherwise the evidence says plainly that there is none.
 */
const PHONE_NOT_COLLECTED = 'Not collected';
const ACCEPTED_MESSAGE = "The merchant accepts the dispute: refund the customer's bank.";

/** Paystack refuses an answer to a dispute that is already answered or decided: the answer is already there. */
const ALREADY_RESOLVED = /already (been )?(resolved|answered|closed)|has been resolved|not awaiting/i;

/** Paystack's `category` as the reason Bizdash shows; its categories name fraud and chargebacks, rarely more. */
function reasonOf(category: string | null | undefined): DisputeReason {
  const words = (category ?? '').toLowerCase();
  if (words.includes('fraud')) return 'fraudulent';
  if (/not received|non[- ]?receipt|undelivered|not delivered/.test(words)) return 'product_not_received';
  if (/not as described|defective|damaged|quality/.test(words)) return 'not_as_described';
  if (words.includes('duplicate')) return 'duplicate';
  return 'other';
}

/**
 * Where a Paystack dispute leaves Bizdash's: awaiting the merchant, under the bank's review, or decided. Resolved
 * `declined` means the merchant's contest stood (won); `merchant-accepted` means the customer was refunded (lost).
 * Any other word (an archived dispute without a resolution) is not a decision: nothing to record.
 */
function stateOf(dispute: PaystackDispute): DisputeUpdate['state'] | null {
  switch (dispute.status) {
    case 'awaiting-merchant-feedback':
      return 'NEEDS_RESPONSE';
    case 'awaiting-bank-feedback':
    case 'pending':
      return 'UNDER_REVIEW';
    case 'resolved':
    case 'archived':
      if (dispute.resolution === 'declined') return 'WON';
      if (dispute.resolution === 'merchant-accepted') return 'LOST';
      return null;
    default:
      return null;
  }
}

const currencyOf = (code: string | null | undefined): Currency | null =>
  (CURRENCIES as readonly string[]).includes(code ?? '') ? (code as Currency) : null;

const amountOf = (dispute: PaystackDispute) =>
  dispute.refund_amount && dispute.refund_amount > 0 ? dispute.refund_amount : dispute.transaction.amount;

function dateOf(text: string | null | undefined): Date | null {
  const date = text ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * A Paystack dispute object (a webhook's data or an item of its list) as the update Bizdash records, or null when
 * it is not one Bizdash can record (unreadable, another currency, no decision yet to make of it). The disputed
 * charge is the transaction's reference: hosted checkout opens each transaction with our payment's reference,
 * which is what the payment keeps as its providerReference.
 */
export function disputeUpdateOf(data: unknown): DisputeUpdate | null {
  const parsed = PaystackDisputeSchema.safeParse(data);
  if (!parsed.success) return null;
  const dispute = parsed.data;
  const state = stateOf(dispute);
  const currency = currencyOf(dispute.currency ?? dispute.transaction.currency);
  if (!state || !currency) return null;
  return {
    disputeReference: dispute.id,
    chargeReference: dispute.transaction.reference,
    reason: reasonOf(dispute.category),
    amount: amountOf(dispute),
    currency,
    state,
    evidenceDueBy: dateOf(dispute.dueAt) ?? new Date(Date.now() + DEFAULT_ANSWER_MS),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const updateKey = (reference: string, state: string) => `${reference} ${state}`;
/** Answered (the bank is reviewing it) or decided: there is nothing left to tell Paystack. */
const isAnswered = (dispute: PaystackDispute) =>
  ['awaiting-bank-feedback', 'resolved', 'archived'].includes(dispute.status);

/** The name a file is uploaded under: letters, digits, dots, dashes and underscores (Paystack puts it in a URL). */
const uploadName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(-100) || 'evidence';

/** A short text file: Paystack's resolve needs one uploaded file even when the merchant gave none. */
const textFile = (name: string, lines: Array<string | null>): EvidenceFile => ({
  name,
  contentType: 'text/plain',
  read: async () => Buffer.from(`${lines.filter((line) => line !== null).join('\n')}\n`, 'utf8'),
});

/**
 * Chargebacks as Paystack reports them and the merchant's answers to them. Paystack tells of a dispute by webhook
 * (`charge.dispute.create`, `.remind`, `.resolve`, handled in features/paystack); `disputeUpdates` reconciles from
 * `GET /dispute` at most every 10 minutes in case one was lost (acknowledged updates are kept in memory: after a
 * restart they are reported again, and recording one twice changes nothing). An answer is evidence (`POST
 * /dispute/{id}/evidence`), its files uploaded to the addresses Paystack signs, then `PUT /dispute/{id}/resolve`
 * `declined`; or acceptance, `resolve` `merchant-accepted`. Both first read the dispute, so a retry after an answer
 * whose outcome was unknown changes nothing; a call with no answer throws and the disputes job tries again.
 */
export function paystackDisputes(paystack: PaystackClient): DisputeMethods {
  let listedAt: number | null = null;
  let pending: DisputeUpdate[] = [];
  const acknowledged = new Set<string>();

  /** Every dispute of the look-back window, oldest first, each as Bizdash records it. */
  async function listDisputes(): Promise<DisputeUpdate[]> {
    const now = new Date();
    const query = {
      from: isoDay(new Date(now.getTime() - LIST_LOOKBACK_DAYS * 86_400_000)),
      to: isoDay(new Date(now.getTime() + 86_400_000)),
      perPage: LIST_PAGE_SIZE,
    };
    const listed: Array<{ update: DisputeUpdate; openedAt: number }> = [];
    let page: number | null = 1;
    for (let read = 0; page !== null && read < LIST_MAX_PAGES; read++) {
      const listing: PaystackPage<unknown> = await paystack.list('/dispute', { ...query, page }, z.unknown());
      for (const item of listing.items) {
        const update = disputeUpdateOf(item);
        const opened = PaystackDisputeSchema.pick({ createdAt: true }).safeParse(item);
        if (update) listed.push({ update, openedAt: dateOf(opened.data?.createdAt)?.getTime() ?? 0 });
      }
      page = listing.nextPage;
    }
    listed.sort((a, b) => a.openedAt - b.openedAt);
    // Only what was listed this time can be reported again: older acknowledgements are let go.
    const keys = new Set(listed.map(({ update }) => updateKey(update.disputeReference, update.state)));
    for (const key of acknowledged) if (!keys.has(key)) acknowledged.delete(key);
    return listed.map(({ update }) => update);
  }

  const unacknowledged = (update: DisputeUpdate) =>
    !acknowledged.has(updateKey(update.disputeReference, update.state));

  async function fetchDispute(reference: string) {
    return paystack.get(`/dispute/${encodeURIComponent(reference)}`, {}, PaystackDisputeSchema);
  }

  /** One file sent where Paystack says (a signed address: no key goes with it); answers the name Paystack gave it. */
  async function upload(reference: string, file: EvidenceFile): Promise<string> {
    const target = await paystack.get(
      `/dispute/${encodeURIComponent(reference)}/upload_url`,
      { upload_filename: uploadName(file.name) },
      UploadUrlSchema,
    );
    const bytes = await file.read();
    const response = await fetch(target.signedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': file.contentType },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    }).catch(() => null);
    if (!response?.ok)
      throw new Error(
        `Uploading a dispute's evidence file to Paystack failed: ${response?.status ?? 'no answer'}`,
      );
    return target.fileName;
  }

  /** A call answering the dispute; null when Paystack says it is answered or decided already (the answer is there). */
  async function answer<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof PaystackCallFailed &&
        error.refused &&
        ALREADY_RESOLVED.test(error.paystackMessage ?? '')
      )
        return null;
      throw error;
    }
  }

  const resolve = (reference: string, body: Record<string, unknown>) =>
    answer(() => paystack.put(`/dispute/${encodeURIComponent(reference)}/resolve`, body, z.unknown()));

  return {
    async disputeUpdates(limit) {
      pending = pending.filter(unacknowledged);
      if (pending.length === 0 && (listedAt === null || Date.now() - listedAt >= LIST_EVERY_MS)) {
        // Counted from the attempt: Paystack failing is not asked again every few seconds.
        listedAt = Date.now();
        pending = (await listDisputes()).filter(unacknowledged);
      }
      return pending.slice(0, limit);
    },

    async acknowledgeDisputeUpdate(disputeReference, state) {
      acknowledged.add(updateKey(disputeReference, state));
    },

    async submitDisputeEvidence(submission) {
      const reference = submission.disputeReference;
      const dispute = await fetchDispute(reference);
      if (isAnswered(dispute)) return;
      const evidence = await answer(() =>
        paystack.post(
          `/dispute/${encodeURIComponent(reference)}/evidence`,
          {
            customer_email: submission.customerEmail,
            customer_name: submission.customerName,
            customer_phone: dispute.customer?.phone?.trim() || PHONE_NOT_COLLECTED,
            service_details: submission.explanation,
            ...(submission.deliveryDetails ? { delivery_address: submission.deliveryDetails } : {}),
          },
          EvidenceSchema,
        ),
      );
      if (!evidence) return;
      const files =
        submission.files.length > 0
          ? submission.files
          : [
              textFile(`dispute-${reference}-statement.txt`, [
                submission.explanation,
                `Customer: ${submission.customerName} <${submission.customerEmail}>`,
                submission.deliveryDetails ? `Delivery: ${submission.deliveryDetails}` : null,
              ]),
            ];
      const uploaded: string[] = [];
      for (const file of files) uploaded.push(await upload(reference, file));
      // The resolve names one file; the others were uploaded for this dispute as well.
      await resolve(reference, {
        resolution: 'declined',
        message: submission.explanation,
        refund_amount: 0,
        uploaded_filename: uploaded[0],
        evidence: evidence.id,
      });
    },

    async acceptDispute(disputeReference) {
      const dispute = await fetchDispute(disputeReference);
      if (isAnswered(dispute)) return;
      const refundAmount = amountOf(dispute);
      const note = await upload(
        disputeReference,
        textFile(`dispute-${disputeReference}-accepted.txt`, [
          ACCEPTED_MESSAGE,
          `Transaction ${dispute.transaction.reference}, refund ${refundAmount} (${dispute.currency ?? dispute.transaction.currency ?? ''} subunits).`,
        ]),
      );
      await resolve(disputeReference, {
        resolution: 'merchant-accepted',
        message: ACCEPTED_MESSAGE,
        refund_amount: refundAmount,
        uploaded_filename: note,
      });
    },
  };
}
