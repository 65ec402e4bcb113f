import { z } from 'zod';
import { CARD_BRANDS } from '../checkout/card.ts';
import { FEE_BEARERS } from '../checkout/fees.ts';
import { CURRENCIES, USER_STATUSES } from '../constants.ts';
import { DisputeEventDataSchema } from './disputes.ts';
import { RefundEventDataSchema } from './refunds.ts';

/** What a merchant's systems hear about a finished card payment (the `data` of payment.* events). */
export const PaymentEventDataSchema = z.object({
  paymentId: z.uuid(),
  reference: z.string(),
  transactionId: z.uuid(),
  productId: z.uuid(),
  quantity: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int().nonnegative(),
  fee: z.number().int().nonnegative(),
  merchantNet: z.number().int(),
  feeBearer: z.enum(FEE_BEARERS),
  status: z.enum(['SUCCESSFUL', 'FAILED']),
  failureReason: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
  /** Null for a hosted checkout's payment (Paystack) whose card was never reported (abandoned before one was used). */
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string().length(4) }).nullable(),
});
export type PaymentEventData = z.infer<typeof PaymentEventDataSchema>;

/** A merchant's verification moved (issue 11): PENDING_KYC -> IN_REVIEW -> ACTIVE or KYC_FAILED. */
export const KycEventDataSchema = z.object({
  userId: z.uuid(),
  status: z.enum(USER_STATUSES),
  /** Why a check failed, in words the merchant can act on; null otherwise. */
  reason: z.string().nullable(),
});
export type KycEventData = z.infer<typeof KycEventDataSchema>;

/** Business documents added or removed (issue 11). */
export const DocumentEventDataSchema = z.object({
  userId: z.uuid(),
  documents: z.array(z.object({ documentName: z.string(), originalFileName: z.string() })),
});
export type DocumentEventData = z.infer<typeof DocumentEventDataSchema>;

/** A payout to a settlement bank account (issue 12): created, then succeeded or failed (the money returned). */
export const PayoutEventDataSchema = z.object({
  payoutId: z.uuid(),
  userId: z.uuid(),
  walletId: z.uuid(),
  transactionId: z.uuid().nullable(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int().positive(),
  fee: z.number().int().nonnegative(),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  status: z.enum(['PROCESSING', 'SUCCESSFUL', 'FAILED']),
  failureReason: z.string().nullable(),
});
export type PayoutEventData = z.infer<typeof PayoutEventDataSchema>;

/** Something that changed how the merchant signs in, or a sign-in itself (issue 11): security alerts. */
export const SecurityEventDataSchema = z.object({
  userId: z.uuid(),
  /** Where it came from, when a request did it: the address and the browser as the server saw them. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SecurityEventData = z.infer<typeof SecurityEventDataSchema>;

/** A webhook endpoint stopped receiving (issue 13): it answered 410, or its deliveries failed for days. */
export const WebhookEndpointDisabledEventDataSchema = z.object({
  /** Whose endpoint it is: the merchant or one of its apps (the event itself is the merchant's). */
  userId: z.uuid(),
  url: z.string(),
  reason: z.string(),
});

/** Every event name with the schema of its data: adding an event means adding it here. */
export const EVENT_DATA_SCHEMAS = {
  'payment.succeeded': PaymentEventDataSchema,
  'payment.failed': PaymentEventDataSchema,
  'user.kyc.updated': KycEventDataSchema,
  'document.uploaded': DocumentEventDataSchema,
  'document.deleted': DocumentEventDataSchema,
  'security.password_changed': SecurityEventDataSchema,
  'security.two_factor_enabled': SecurityEventDataSchema,
  'security.two_factor_disabled': SecurityEventDataSchema,
  'security.signed_in': SecurityEventDataSchema,
  'payout.created': PayoutEventDataSchema,
  'payout.succeeded': PayoutEventDataSchema,
  'payout.failed': PayoutEventDataSchema,
  'refund.created': RefundEventDataSchema,
  'refund.succeeded': RefundEventDataSchema,
  'refund.failed': RefundEventDataSchema,
  'dispute.created': DisputeEventDataSchema,
  'dispute.updated': DisputeEventDataSchema,
  'dispute.closed': DisputeEventDataSchema,
  /** Inside Bizdash only: the evidence of an unanswered dispute is due in 48 hours (the bell and an email). */
  'dispute.evidence_due_soon': DisputeEventDataSchema,
  'webhook.endpoint_disabled': WebhookEndpointDisabledEventDataSchema,
} as const;

export type EventType = keyof typeof EVENT_DATA_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as EventType[];

const envelopeOf = <T extends EventType>(type: T) =>
  z.object({
    /** Stable across every delivery attempt: receivers deduplicate on it. */
    id: z.uuid(),
    type: z.literal(type),
    createdAt: z.iso.datetime(),
    data: EVENT_DATA_SCHEMAS[type],
  });

export const EventEnvelopeSchema = z.discriminatedUnion('type', [
  envelopeOf('payment.succeeded'),
  envelopeOf('payment.failed'),
  envelopeOf('user.kyc.updated'),
  envelopeOf('document.uploaded'),
  envelopeOf('document.deleted'),
  envelopeOf('security.password_changed'),
  envelopeOf('security.two_factor_enabled'),
  envelopeOf('security.two_factor_disabled'),
  envelopeOf('security.signed_in'),
  envelopeOf('payout.created'),
  envelopeOf('payout.succeeded'),
  envelopeOf('payout.failed'),
  envelopeOf('refund.created'),
  envelopeOf('refund.succeeded'),
  envelopeOf('refund.failed'),
  envelopeOf('dispute.created'),
  envelopeOf('dispute.updated'),
  envelopeOf('dispute.closed'),
  envelopeOf('dispute.evidence_due_soon'),
  envelopeOf('webhook.endpoint_disabled'),
]);
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;
export type EventOf<T extends EventType> = Extract<EventEnvelope, { type: T }>;
