import { z } from 'zod';
import { CARD_BRANDS } from '../checkout/card.ts';
import { CURRENCIES } from '../constants.ts';
import { refuseControlCharacters } from './fields.ts';
import { PageQuerySchema, pageSchemaOf } from './paging.ts';

/** Why a customer's bank took a card payment back (issue 22 §2), as card networks say it. */
export const DISPUTE_REASONS = [
  'fraudulent',
  'product_not_received',
  'not_as_described',
  'duplicate',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  fraudulent: 'Fraudulent',
  product_not_received: 'Product not received',
  not_as_described: 'Not as described',
  duplicate: 'Duplicate',
  other: 'Other',
};

/**
 * NEEDS_RESPONSE: the amount is held, the merchant answers before evidenceDueBy; UNDER_REVIEW: evidence submitted,
 * the network decides; WON (the amount back in the wallet), LOST (it goes to the network), ACCEPTED (the merchant
 * gave in: it goes to the network).
 */
export const DISPUTE_STATUSES = ['NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A dispute whose money is still held (not decided yet). */
export const OPEN_DISPUTE_STATUSES = [
  'NEEDS_RESPONSE',
  'UNDER_REVIEW',
] as const satisfies readonly DisputeStatus[];
export const CLOSED_DISPUTE_STATUSES = [
  'WON',
  'LOST',
  'ACCEPTED',
] as const satisfies readonly DisputeStatus[];

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  NEEDS_RESPONSE: 'Needs response',
  UNDER_REVIEW: 'Under review',
  WON: 'Won',
  LOST: 'Lost',
  ACCEPTED: 'Accepted',
};

/** What happened to a dispute, in the order it happened (its timeline). */
export const DISPUTE_EVENT_KINDS = [
  'OPENED',
  'EVIDENCE_SAVED',
  'EVIDENCE_SUBMITTED',
  'REMINDER_SENT',
  'ACCEPTED',
  'WON',
  'LOST',
  'EXPIRED',
] as const;
export type DisputeEventKind = (typeof DISPUTE_EVENT_KINDS)[number];

export const DISPUTE_EVIDENCE_LIMITS = {
  explanation: 5000,
  customerName: 100,
  customerEmail: 254,
  deliveryDetails: 2000,
  files: 10,
} as const;

/** Evidence files: what the upload route accepts (one file a request, like the KYC documents). */
export const DISPUTE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const DISPUTE_FILE_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export const DISPUTE_MESSAGES = {
  disputeNotFound: 'Dispute not found',
  notOpenForEvidence: 'This dispute no longer takes evidence: it has been answered or decided.',
  notOpenForAccept: 'This dispute has already been answered or decided.',
  pastDueDate: 'The date to answer this dispute has passed.',
  unknownFile: 'One of the files is not an evidence file you uploaded.',
  tooManyFiles: `At most ${DISPUTE_EVIDENCE_LIMITS.files} files can be attached to the evidence.`,
  /** A refund asked for a payment whose dispute is open (409 PAYMENT_DISPUTED). */
  paymentDisputed:
    'This payment is disputed by the customer: it cannot be refunded while the dispute is open. Accept the dispute to give the money back.',
  fileBadType: 'File type must be png, jpg, jpeg or pdf',
  fileTooLarge: 'File should not be larger than 10MB',
  fileEmpty: 'The file is empty',
  noFile: 'Choose a file to upload',
  /** A refund asked for a payment whose money a lost or accepted dispute gave back (409 FULLY_REFUNDED). */
  chargedBack:
    "This payment's money already went back to the customer's bank through a dispute: nothing is left to refund.",
  /** The merchant did not answer by evidenceDueBy. */
  expired: 'No evidence was submitted by the due date',
} as const;

const boundedText = (label: string, max: number, { multiline = false } = {}) =>
  refuseControlCharacters(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} is at most ${max} characters`),
    label,
    { multiline },
  );

const optionalText = (label: string, max: number, options?: { multiline?: boolean }) =>
  boundedText(label, max, options)
    .nullish()
    .transform((text) => text || null);

/**
 * POST /api/disputes/{disputeId}/evidence. submit false (the default) keeps a draft the merchant may change;
 * submit true sends it to the card network and the dispute goes UNDER_REVIEW (the explanation is then required).
 * Every call replaces the whole draft.
 */
export const DisputeEvidenceRequestSchema = z
  .strictObject(
    {
      explanation: boundedText('explanation', DISPUTE_EVIDENCE_LIMITS.explanation, { multiline: true }),
      customerName: optionalText('customerName', DISPUTE_EVIDENCE_LIMITS.customerName),
      customerEmail: z
        .string({ error: 'customerEmail must be text' })
        .trim()
        .max(DISPUTE_EVIDENCE_LIMITS.customerEmail, 'customerEmail is too long')
        .pipe(z.email('customerEmail is invalid').or(z.literal('')))
        .nullish()
        .transform((email) => (email ? email.toLowerCase() : null)),
      deliveryDetails: optionalText('deliveryDetails', DISPUTE_EVIDENCE_LIMITS.deliveryDetails, {
        multiline: true,
      }),
      fileIds: z
        .array(z.uuid({ error: 'fileIds must be ids of uploaded files' }), {
          error: 'fileIds must be a list',
        })
        .max(DISPUTE_EVIDENCE_LIMITS.files, DISPUTE_MESSAGES.tooManyFiles)
        .default([])
        .transform((ids) => [...new Set(ids)]),
      submit: z.boolean({ error: 'submit must be true or false' }).default(false),
    },
    { error: 'Unknown evidence field' },
  )
  .refine((evidence) => !evidence.submit || evidence.explanation.length > 0, {
    path: ['explanation'],
    message: 'Explain why the payment is valid before submitting',
  });
export type DisputeEvidenceRequest = z.input<typeof DisputeEvidenceRequestSchema>;

/** An uploaded evidence file (POST /api/disputes/{disputeId}/files answers one). */
export const DisputeFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Where the owner downloads it (signed-in request). */
  url: z.string(),
  uploadedAt: z.iso.datetime({ offset: true }),
});
export type DisputeFile = z.infer<typeof DisputeFileSchema>;

export const DisputeEvidenceSchema = z.object({
  explanation: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  deliveryDetails: z.string().nullable(),
  files: z.array(DisputeFileSchema),
  /** null: a draft; set once sent to the network (it cannot change after). */
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidenceSchema>;

export const DisputeSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  /** The disputed payment's transaction (its CREDIT, as the transactions API shows it). */
  paymentTransactionId: z.uuid(),
  paymentId: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  currency: z.enum(CURRENCIES),
  /** Held from the wallet while open: what the customer paid minus what was already refunded. */
  amount: z.number().int().positive(),
  evidenceDueBy: z.iso.datetime({ offset: true }),
  /** The hold's DEBIT in the transactions list (its parent is the payment's transaction). */
  transactionId: z.uuid(),
  /** The CREDIT giving the amount back when WON, otherwise null. */
  reversalTransactionId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

export const DisputePaymentSummarySchema = z.object({
  transactionId: z.uuid(),
  reference: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  currency: z.enum(CURRENCIES),
  /** What the customer paid. */
  amount: z.number().int(),
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DisputePaymentSummary = z.infer<typeof DisputePaymentSummarySchema>;

export const DisputeTimelineEntrySchema = z.object({
  kind: z.enum(DISPUTE_EVENT_KINDS),
  at: z.iso.datetime({ offset: true }),
  /** A sentence for people ("Evidence submitted"). */
  description: z.string(),
});
export type DisputeTimelineEntry = z.infer<typeof DisputeTimelineEntrySchema>;

/** GET /api/disputes/{disputeId}. */
export const DisputeDetailSchema = DisputeSchema.extend({
  payment: DisputePaymentSummarySchema,
  evidence: DisputeEvidenceSchema.nullable(),
  timeline: z.array(DisputeTimelineEntrySchema),
});
export type DisputeDetail = z.infer<typeof DisputeDetailSchema>;

/** A row of GET /api/disputes: the dispute and who paid. */
export const DisputeListItemSchema = DisputeSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  reference: z.string(),
});
export type DisputeListItem = z.infer<typeof DisputeListItemSchema>;

export const DisputeIdParamsSchema = z.object({ disputeId: z.uuid({ error: 'Dispute ID is invalid' }) });

/** ?status=&transactionId=&page=&size=: the ones needing an answer first (soonest due), then newest. */
export const DisputeListQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(DISPUTE_STATUSES, { error: `status must be one of ${DISPUTE_STATUSES.join(', ')}` })
    .optional(),
  transactionId: z.uuid({ error: 'transactionId must be the id of a payment transaction' }).optional(),
});
export type DisputeListQuery = z.infer<typeof DisputeListQuerySchema>;

/** One page of disputes, and how many of all the merchant's disputes need an answer (the sidebar badge). */
export const DisputePageSchema = pageSchemaOf(DisputeListItemSchema).extend({
  needsResponseCount: z.number().int(),
});
export type DisputePage = z.infer<typeof DisputePageSchema>;

/** GET /api/disputes/summary: the sidebar badge alone. */
export const DisputeSummarySchema = z.object({ needsResponseCount: z.number().int() });
export type DisputeSummary = z.infer<typeof DisputeSummarySchema>;

/** What a merchant's systems hear about a dispute (the `data` of dispute.* events). */
export const DisputeEventDataSchema = z.object({
  disputeId: z.uuid(),
  userId: z.uuid(),
  paymentId: z.uuid(),
  paymentTransactionId: z.uuid(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int().positive(),
  reason: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  evidenceDueBy: z.iso.datetime({ offset: true }),
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type DisputeEventData = z.infer<typeof DisputeEventDataSchema>;
