import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../lib/constant-time.ts';

const KNOWN_FOR_DAYS = 90;

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * What a successful sign-in hands the device it happened on (ADR 037): the account's email, signed, until when.
 * Sent back with the next sign-in, it lets the owner past the ceiling strangers' guesses put on the account.
 * Stateless: nothing to store, and a password change does not void it (the password is still needed).
 */
export function issueDeviceToken(key: Buffer, email: string, now = Date.now()) {
  const payload = Buffer.from(
    JSON.stringify({
      m: email.toLowerCase(),
      n: randomBytes(8).toString('base64url'),
      e: Math.floor(now / 1000) + KNOWN_FOR_DAYS * 86_400,
    }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** Whether `token` is one of ours, unexpired, for this email. */
export function isKnownDevice(key: Buffer, token: string | undefined, email: string, now = Date.now()) {
  const [payload, signature, ...rest] = (token ?? '').split('.');
  if (!payload || !signature || rest.length > 0 || !sameSecret(signature, sign(key, payload))) return false;
  try {
    const { m, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return m === email.toLowerCase() && Number.isSafeInteger(e) && e * 1000 > now;
  } catch {
    return false;
  }
}
