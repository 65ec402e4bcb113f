import type { EventEnvelope, EventType } from '@bizdash/shared';

/** The handler that queues an event for the merchant's webhook endpoint (written only when there is one). */
export const WEBHOOKS_HANDLER = 'webhooks';

/** Which handlers hear which event; a delivery row per handler is written with the event. */
export const EVENT_SUBSCRIBERS = {
  'payment.succeeded': ['receipt-email', 'notify', 'webhooks'],
  'payment.failed': ['webhooks'],
  'user.kyc.updated': ['notify'],
  'document.uploaded': ['notify'],
  'document.deleted': ['notify'],
  'security.password_changed': ['notify', 'password-changed-email'],
  'security.two_factor_enabled': ['notify'],
  'security.two_factor_disabled': ['notify'],
  'security.signed_in': ['notify'],
  'payout.created': ['webhooks'],
  'payout.succeeded': ['notify', 'webhooks'],
  'payout.failed': ['notify', 'webhooks'],
  'refund.created': ['refund-email', 'webhooks'],
  'refund.succeeded': ['notify', 'webhooks'],
  'refund.failed': ['notify', 'webhooks'],
  'dispute.created': ['notify', 'dispute-email', 'webhooks'],
  'dispute.updated': ['webhooks'],
  'dispute.closed': ['notify', 'webhooks'],
  'dispute.evidence_due_soon': ['notify', 'dispute-email'],
  'webhook.endpoint_disabled': ['notify'],
} as const satisfies Record<EventType, readonly string[]>;

type HandlerName = (typeof EVENT_SUBSCRIBERS)[EventType][number];

/** What a subscriber does with an event; a throw is a failed attempt, retried with backoff. */
type EventHandler = (event: EventEnvelope, delivery: { deliveryId: string }) => Promise<void>;
export type EventHandlers = Record<HandlerName, EventHandler>;
