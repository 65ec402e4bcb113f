import { createHmac } from 'node:crypto';
import { sameSecret } from '../../lib/constant-time.ts';

const CHALLENGE_SECONDS = 5 * 60;

interface Challenge {
  userId: string;
  tokenVersion: number;
}

/** A challenge as read back: when it was issued tells whether a sign-in has spent it (spendSignInChallenge). */
export interface ReadChallenge extends Challenge {
  issuedAt: Date;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * What the password step hands the code step: who passed it and until when, signed (HMAC-SHA256), so no server state
 * is kept between the steps. It carries the token version, so a password change or sign-out voids it, and the
 * moment it was issued, so the sign-in it completes spends it.
 */
export function issueSignInChallenge(key: Buffer, { userId, tokenVersion }: Challenge, now = Date.now()) {
  const payload = Buffer.from(
    JSON.stringify({ u: userId, v: tokenVersion, i: now, e: Math.floor(now / 1000) + CHALLENGE_SECONDS }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The challenge's user, token version and issue time, or null when it is altered, expired or not one of ours. */
export function readSignInChallenge(key: Buffer, token: string, now = Date.now()): ReadChallenge | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || !sameSecret(signature, sign(key, payload))) return null;
  try {
    const { u, v, i, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof u !== 'string' || ![v, i, e].every(Number.isSafeInteger)) return null;
    return e * 1000 > now ? { userId: u, tokenVersion: v, issuedAt: new Date(i) } : null;
  } catch {
    return null;
  }
}
