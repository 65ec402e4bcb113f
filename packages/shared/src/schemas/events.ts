import { z } from 'zod';
import { CARD_BRANDS } from '../checkout/card.ts';
import { FEE_BEARERS } from '../checkout/fees.ts';
import { CURRENCIES } from '../constants.ts';

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
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string().length(4) }),
});
export type PaymentEventData = z.infer<typeof PaymentEventDataSchema>;

/** Every event name with the schema of its data: adding an event means adding it here. */
export const EVENT_DATA_SCHEMAS = {
  'payment.succeeded': PaymentEventDataSchema,
  'payment.failed': PaymentEventDataSchema,
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
]);
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;
export type EventOf<T extends EventType> = Extract<EventEnvelope, { type: T }>;
