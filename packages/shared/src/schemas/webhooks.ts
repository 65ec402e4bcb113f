import { z } from 'zod';
import { EVENT_DATA_SCHEMAS, type EventType } from './events.ts';
import { PageQuerySchema, pageSchemaOf } from './paging.ts';

/** The events a merchant's (or app's) webhook endpoint hears (issue 13); the others stay inside Bizdash. */
export const WEBHOOK_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payout.created',
  'payout.succeeded',
  'payout.failed',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'dispute.created',
  'dispute.updated',
  'dispute.closed',
] as const satisfies readonly EventType[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const payloadOf = <T extends WebhookEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    /** When the event happened (not when this attempt was sent: that is the webhook-timestamp header). */
    timestamp: z.iso.datetime({ offset: true }),
    data: EVENT_DATA_SCHEMAS[type],
  });

/**
 * The body of every webhook, as Standard Webhooks lays it out: `{ type, timestamp, data }`, with the same typed
 * data as the event inside Bizdash. Receivers deduplicate on the `webhook-id` header.
 */
export const WebhookPayloadSchema = z.discriminatedUnion('type', [
  payloadOf('payment.succeeded'),
  payloadOf('payment.failed'),
  payloadOf('payout.created'),
  payloadOf('payout.succeeded'),
  payloadOf('payout.failed'),
  payloadOf('refund.created'),
  payloadOf('refund.succeeded'),
  payloadOf('refund.failed'),
  payloadOf('dispute.created'),
  payloadOf('dispute.updated'),
  payloadOf('dispute.closed'),
]);
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'disabled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One row of the delivery log (Developer Settings). */
export const WebhookDeliverySchema = z
  .object({
    /** The `webhook-id` header: the same on every attempt and resend of this delivery. */
    id: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    eventId: z.uuid().nullable(),
    /** Sent from "Send test event", not by something that happened. */
    test: z.boolean(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    lastAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    /** When the next attempt is due; null once the delivery is finished. */
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    lastResponseCode: z.number().int().nullable(),
    /** The first 1 KB of the last answer's body. */
    lastResponseBody: z.string().nullable(),
    /** Why the last attempt failed when there was no answer (timeout, refused address, connection error). */
    lastError: z.string().nullable(),
    /** The exact body sent. */
    payload: z.string(),
  })
  .meta({
    examples: [
      {
        id: 'msg_01KAXH5Q7ZJ8V3M2N4P6R8T0WY',
        eventType: 'payment.succeeded',
        eventId: '8d7f5c3e-2a1b-4c9d-8e7f-6a5b4c3d2e1f',
        test: false,
        status: 'pending',
        attempts: 2,
        createdAt: '2026-11-25T10:15:00.000Z',
        lastAttemptAt: '2026-11-25T10:15:05.120Z',
        nextAttemptAt: '2026-11-25T10:20:05.120Z',
        lastResponseCode: 503,
        lastResponseBody: 'Service Unavailable',
        lastError: null,
        payload:
          '{"type":"payment.succeeded","timestamp":"2026-11-25T10:15:00.000Z","data":{"paymentId":"…"}}',
      },
    ],
  });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET /api/users/{userId}/webhook-deliveries: newest first, one page at a time. */
export const WebhookDeliveryPageSchema = pageSchemaOf(WebhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

/** GET /api/users/{userId}/webhook-deliveries: a page, of one status when `status` is given. */
export const WebhookDeliveryQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, {
      error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`,
    })
    .optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuerySchema>;

/** One attempt of a delivery: when, how long it took, and the answer (its first 1 KB) or why there was none. */
export const WebhookDeliveryAttemptSchema = z.object({
  /** 1 for the first; a resend goes on counting. */
  attempt: z.number().int(),
  attemptedAt: z.iso.datetime({ offset: true }),
  durationMs: z.number().int(),
  responseCode: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookDeliveryAttempt = z.infer<typeof WebhookDeliveryAttemptSchema>;

/** GET /api/users/{userId}/webhook-deliveries/{deliveryId}/attempts: every attempt, newest first. */
export const WebhookDeliveryAttemptsSchema = z.object({ items: z.array(WebhookDeliveryAttemptSchema) }).meta({
  examples: [
    {
      items: [
        {
          attempt: 2,
          attemptedAt: '2026-11-25T10:15:05.120Z',
          durationMs: 212,
          responseCode: 503,
          responseBody: 'Service Unavailable',
          error: null,
        },
        {
          attempt: 1,
          attemptedAt: '2026-11-25T10:15:00.030Z',
          durationMs: 15_000,
          responseCode: null,
          responseBody: null,
          error: 'Timed out after 15000 ms',
        },
      ],
    },
  ],
});
export type WebhookDeliveryAttempts = z.infer<typeof WebhookDeliveryAttemptsSchema>;

export const WebhookDeliveryIdParamsSchema = z.object({
  userId: z.uuid({ error: 'User ID is invalid' }),
  deliveryId: z.string().regex(/^msg_[0-9A-Za-z]{20,40}$/, 'Delivery ID is invalid'),
});

/** POST /api/users/{userId}/webhooks/test: a sample event of this type, delivered like any other. */
export const WebhookTestRequestSchema = z
  .strictObject(
    {
      type: z.enum(WEBHOOK_EVENT_TYPES, {
        error: `type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      }),
    },
    { error: 'Only type may be sent' },
  )
  .meta({ examples: [{ type: 'payment.succeeded' }, { type: 'payout.failed' }] });
export type WebhookTestRequest = z.infer<typeof WebhookTestRequestSchema>;

/** A user's webhook settings as its owner sees them (Developer Settings, `apiKey` of GET /api/users/{id}). */
export const WebhookSettingsSchema = z
  .object({
    webhookUrl: z.string().nullable(),
    /** The current signing secret (`whsec_...`); null until a URL is saved. */
    webhookSecret: z.string().nullable(),
    /** While a rolled secret still signs too: until when. */
    previousSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
    /** Why deliveries stopped (a 410 answer, days of failures); null while the endpoint is enabled. */
    disabledReason: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        webhookUrl: 'https://shop.example.com/webhooks/bizdash',
        webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0dN9ZDkFC/Q=',
        previousSecretExpiresAt: '2026-11-26T10:15:00.000Z',
        disabledReason: null,
      },
    ],
  });
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;
