import { randomInt } from 'node:crypto';
import { OTP_RULES, type OtpVerifyRequest } from '@bizdash/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Keys } from '../../lib/keys.ts';
import type { AppDeps } from '../../types.ts';
import { findOwnedUser, setEmailVerified, USER_NOT_FOUND } from '../users/index.ts';
import { checkCode, findCodeById, findLatestActiveCode, replaceActiveCode } from './otp.repository.ts';

const VERIFY_EMAIL = 'verify_email';
const OTP_MESSAGES = {
  sent: 'We sent a 6-digit code to your email address.',
  verified: 'Email address verified',
  incorrect: 'The code is incorrect. Please try again.',
  expired: 'This code has expired. Request a new one.',
  tooManyTries: 'Too many wrong attempts. Request a new code.',
} as const;

type Deps = Pick<AppDeps, 'database' | 'email' | 'config'>;

export interface OtpSecret {
  hashCode(userId: string, code: string): string;
}

/** Codes are stored as an HMAC under a server secret: a leaked table does not give away live codes. */
export function createOtpSecret(keys: Pick<Keys, 'hmac'>): OtpSecret {
  return { hashCode: (userId, code) => keys.hmac('otp-codes', `${userId}:${code}`, 'hex') };
}

/** The address must be the signed-in merchant's own; anything else is a 404, as for any unowned resource. */
async function ownEmailUser(deps: Deps, ownerId: string, email: string) {
  const user = await findOwnedUser(deps.database.db, ownerId, ownerId);
  if (!user || user.email.toLowerCase() !== email) throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * Emails a fresh single-use code for `purpose` (the previous one of that purpose stops working) and keeps only its
 * hash. Email verification and payout confirmation both use it.
 */
export async function issueEmailCode(
  deps: Deps,
  secret: OtpSecret,
  to: { userId: string; email: string },
  purpose: string,
  message: (code: string) => { subject: string; text: string },
) {
  const code = randomInt(0, 10 ** OTP_RULES.length)
    .toString()
    .padStart(OTP_RULES.length, '0');
  await replaceActiveCode(deps.database.db, {
    userId: to.userId,
    purpose,
    codeHash: secret.hashCode(to.userId, code),
    expiresAt: new Date(Date.now() + OTP_RULES.ttlMinutes * 60_000),
  });
  await deps.email.send({ to: to.email, userId: to.userId, ...message(code) });
}

/**
 * Uses up the latest code of `purpose` when `code` is it; a wrong, expired or exhausted code is a clear 400. The
 * guess is checked and counted in one statement (checkCode), so guesses sent at once cannot all be checked
 * against a count none of them has raised yet (ADR 037).
 */
export async function consumeEmailCode(
  deps: Pick<Deps, 'database'>,
  secret: OtpSecret,
  userId: string,
  purpose: string,
  code: string,
) {
  const db = deps.database.db;
  const now = new Date();
  const active = await findLatestActiveCode(db, userId, purpose);
  if (!active || active.expiresAt <= now) throw badRequest(OTP_MESSAGES.expired, 'OTP_EXPIRED');
  const checked = await checkCode(db, {
    id: active.id,
    hash: secret.hashCode(userId, code),
    maxWrongTries: OTP_RULES.maxWrongTries,
    now,
  });
  if (checked?.accepted) return;
  if (checked) throw badRequest(OTP_MESSAGES.incorrect, 'OTP_INCORRECT');
  // Not checked: another request used the code up meanwhile, or its tries are spent.
  const after = await findCodeById(db, active.id);
  if (after && !after.consumedAt && after.wrongAttempts >= OTP_RULES.maxWrongTries)
    throw badRequest(OTP_MESSAGES.tooManyTries, 'OTP_LOCKED');
  throw badRequest(OTP_MESSAGES.expired, 'OTP_EXPIRED');
}

export async function sendEmailOtp(deps: Deps, secret: OtpSecret, ownerId: string, email: string) {
  const user = await ownEmailUser(deps, ownerId, email);
  await issueEmailCode(deps, secret, { userId: user.id, email: user.email }, VERIFY_EMAIL, (code) => ({
    subject: `${code} is your Bizdash verification code`,
    text: `Your Bizdash verification code is ${code}. It expires in ${OTP_RULES.ttlMinutes} minutes and works once.`,
  }));
  return { message: OTP_MESSAGES.sent };
}

export async function verifyEmailOtp(
  deps: Deps,
  secret: OtpSecret,
  ownerId: string,
  input: OtpVerifyRequest,
) {
  const user = await ownEmailUser(deps, ownerId, input.email);
  await consumeEmailCode(deps, secret, user.id, VERIFY_EMAIL, input.otp);
  await setEmailVerified(deps.database.db, user.id);
  return { message: OTP_MESSAGES.verified, emailVerified: true };
}
