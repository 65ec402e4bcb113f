import { createHmac } from 'node:crypto';
import { sameSecret } from '../../lib/constant-time.ts';

const CHALLENGE_SECONDS = 5 * 60;

interface Challenge {
  userId: string;
  tokenVersion: number;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * What the password step hands the code step: who passed it and until when, signed (HMAC-SHA256), so no server state
 * is kept between the steps. It carries the token version, so a password change or sign-out voids it.
 */
export function issueSignInChallenge(key: Buffer, { userId, tokenVersion }: Challenge, now = Date.now()) {
  const payload = Buffer.from(
    JSON.stringify({ u: userId, v: tokenVersion, e: Math.floor(now / 1000) + CHALLENGE_SECONDS }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The challenge's user and token version, or null when it is altered, expired or not one of ours. */
export function readSignInChallenge(key: Buffer, token: string, now = Date.now()): Challenge | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || !sameSecret(signature, sign(key, payload))) return null;
  try {
    const { u, v, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof u !== 'string' || !Number.isSafeInteger(v) || !Number.isSafeInteger(e)) return null;
    return e * 1000 > now ? { userId: u, tokenVersion: v } : null;
  } catch {
    return null;
  }
}
