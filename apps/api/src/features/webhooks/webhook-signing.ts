import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { EndpointRow } from './webhooks.repository.ts';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the library's own format). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Sealed secrets are bound to their endpoint: one copied to another row does not open. */
export const secretContext = (endpointId: string) => `webhook-secret:${endpointId}`;

/** The secrets that sign at `now`: the current one, and the rolled one while its overlap lasts. */
export function signingSecrets(box: SecretBox, endpoint: EndpointRow, now: Date): string[] {
  const context = secretContext(endpoint.id);
  const secrets = [box.open(endpoint.secretSealed, context)];
  if (
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(box.open(endpoint.previousSecretSealed, context));
  }
  return secrets;
}

/**
 * The `webhook-signature` header: one `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret, space-separated
 * as Standard Webhooks allows, so a receiver holding either secret verifies during a roll.
 */
export function signatureHeader(secrets: string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A delivery's id and `webhook-id`: `msg_` and a ULID (48 bits of milliseconds, 80 random bits, Crockford
 * base32), so ids sort by creation and never collide.
 */
export function newMessageId(now = Date.now()): string {
  let time = '';
  let rest = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(rest % 32) + time;
    rest = Math.floor(rest / 32);
  }
  const random = Array.from(randomBytes(16), (byte) => CROCKFORD.charAt(byte % 32)).join('');
  return `msg_${time}${random}`;
}
