import { constantTimeEqual } from '../../lib/constant-time.ts';
import type { Keys } from '../../lib/keys.ts';

const KNOWN_FOR_SECONDS = 90 * 86_400;
const PURPOSE = 'known-device';

/**
 * What a successful sign-in hands the device it happened on (ADR 037): the account's email, signed (ADR 045), until
 * when. Sent back with the next sign-in, it lets the owner past the ceiling strangers' guesses put on the account.
 * Stateless: nothing to store, and a password change does not void it (the password is still needed).
 */
export const issueDeviceToken = (keys: Keys, email: string) =>
  keys.signToken(PURPOSE, { email: email.toLowerCase() }, KNOWN_FOR_SECONDS);

/** Whether `token` is one of ours, unexpired, for this email. */
export async function isKnownDevice(keys: Keys, token: string | undefined, email: string) {
  if (!token) return false;
  const claims =
    token.split('.').length === 2 ? legacyClaims(keys, token) : await keys.readToken(PURPOSE, token);
  return claims?.email === email.toLowerCase();
}

/**
 * A token of the format signed by hand before ADR 045 (base64url JSON, '.', its HMAC under the same key). They
 * last 90 days, so devices keep them until 2027-02-24 at the latest: honoured until then, then this goes.
 */
function legacyClaims(keys: Keys, token: string): { email: unknown } | null {
  const [payload = '', signature] = token.split('.');
  if (!constantTimeEqual(signature, keys.hmac(PURPOSE, payload))) return null;
  try {
    const { m, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Number.isSafeInteger(e) && e * 1000 > Date.now() ? { email: m } : null;
  } catch {
    return null;
  }
}
