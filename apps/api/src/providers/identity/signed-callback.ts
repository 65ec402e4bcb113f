import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { CallbackRefused } from './identity-types.ts';

export interface SignedCallback {
  headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature' | 'content-type', string>;
  body: string;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Callbacks signed the Standard Webhooks way: an HMAC-SHA256 of "id.timestamp.body" with the shared secret, and a
 * timestamp that must be within five minutes of now. The id is what replay protection remembers.
 */
export function callbackSigner(secret: string) {
  const webhook = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
  return {
    sign(payload: object, id: string = randomUUID(), at: Date = new Date()): SignedCallback {
      const body = JSON.stringify(payload);
      return {
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': webhook.sign(id, at, body),
          'content-type': 'application/json',
        },
        body,
      };
    },
    /** The callback's id and its parsed body; a bad signature or a stale timestamp throws CallbackRefused. */
    verify(rawBody: string, headers: IncomingHttpHeaders): { id: string; body: unknown } {
      const names = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
      const given = Object.fromEntries(names.map((name) => [name, header(headers, name)]));
      if (!/^[\w.:-]{1,100}$/.test(given['webhook-id'] ?? '')) {
        throw new CallbackRefused('The callback id is missing or not valid.');
      }
      try {
        webhook.verify(rawBody, given);
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        throw new CallbackRefused(refusalOf(error.message));
      }
      try {
        return { id: given['webhook-id'] ?? '', body: JSON.parse(rawBody) as unknown };
      } catch {
        throw new CallbackRefused('The callback body is not JSON.');
      }
    },
  };
}

function refusalOf(message: string) {
  if (/timestamp/i.test(message)) return 'The callback timestamp is outside the allowed window.';
  if (/header/i.test(message)) return 'The callback is missing its signature headers.';
  return 'The callback signature is not valid.';
}
