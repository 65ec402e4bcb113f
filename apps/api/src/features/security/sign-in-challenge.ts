import type { Keys } from '../../lib/keys.ts';

const CHALLENGE_SECONDS = 5 * 60;
const PURPOSE = 'two-factor-sign-in-challenge';

interface Challenge {
  userId: string;
  tokenVersion: number;
}

/** A challenge as read back: when it was issued tells whether a sign-in has spent it (spendSignInChallenge). */
export interface ReadChallenge extends Challenge {
  issuedAt: Date;
}

/**
 * What the password step hands the code step: who passed it and until when, signed (ADR 045), so no server state
 * is kept between the steps. It carries the token version, so a password change or sign-out voids it, and the
 * moment it was issued (to the millisecond: two sign-ins a second apart are two challenges), so the sign-in it
 * completes spends it.
 */
export const issueSignInChallenge = (keys: Keys, { userId, tokenVersion }: Challenge) =>
  keys.signToken(PURPOSE, { sub: userId, tv: tokenVersion, iatMs: Date.now() }, CHALLENGE_SECONDS);

/** The challenge's user, token version and issue time, or null when it is altered, expired or not one of ours. */
export async function readSignInChallenge(keys: Keys, token: string): Promise<ReadChallenge | null> {
  const claims = await keys.readToken(PURPOSE, token);
  const { sub, tv, iatMs } = claims ?? {};
  if (typeof sub !== 'string' || !Number.isSafeInteger(tv) || !Number.isSafeInteger(iatMs)) return null;
  return { userId: sub, tokenVersion: tv as number, issuedAt: new Date(iatMs as number) };
}
