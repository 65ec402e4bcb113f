import {
  type AuthTokenResponse,
  type SignInRequest,
  type SignInResponse,
  type SignInTwoFactorRequest,
  type SignUpRequest,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INCORRECT,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/postgres-errors.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { auditContextOf, recordAuditEvent, signInContextOf } from '../audit/index.ts';
import {
  isChallengeSpent,
  issueSignInChallenge,
  isTwoFactorEnabled,
  readSignInChallenge,
  spendSignInChallenge,
  verifySecondFactor,
} from '../security/index.ts';
import { bumpTokenVersion, findUserById } from '../users/index.ts';
import { findCredentialsByEmail, insertMerchant } from './auth.repository.ts';
import { issueDeviceToken } from './known-device.ts';

const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Sign in instead.';
const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

type Deps = Pick<AppDeps, 'database' | 'tokens'>;
type SignInDeps = Deps & Pick<AppDeps, 'keys' | 'secretBox' | 'jobs'>;

export async function signUp(
  { database, tokens, keys }: Deps & Pick<AppDeps, 'keys'>,
  input: SignUpRequest,
): Promise<AuthTokenResponse> {
  const { password, ...profile } = input;
  const passwordHash = await hashPassword(password);
  try {
    const user = await database.db.transaction((tx) => insertMerchant(tx, profile, passwordHash));
    return {
      token: await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion }),
      userId: user.id,
      deviceToken: await issueDeviceToken(keys, user.email),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'EMAIL_TAKEN');
    throw error;
  }
}

/**
 * The password step. With two-factor on, the right password earns only a short-lived challenge for the code step,
 * never a token.
 */
export async function signIn(
  deps: SignInDeps,
  input: SignInRequest,
  request: FastifyRequest,
): Promise<SignInResponse> {
  const account = await findCredentialsByEmail(deps.database.db, input.email);
  if (!account) {
    await burnPasswordCheck(input.password);
    await recordFailedSignIn(deps, request, null, { email: input.email.trim().toLowerCase() });
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    await recordFailedSignIn(deps, request, account.userId, { step: 'password' });
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  if (await isTwoFactorEnabled(deps.database.db, account.userId)) {
    return { twoFactorRequired: true, challengeToken: await issueSignInChallenge(deps.keys, account) };
  }
  return startSession(deps, account, request);
}

/**
 * The code step: a valid challenge (not expired, not spent, no password change or sign-out since) and a code. The
 * sign-in spends the challenge, so a copy of it (browser history, a proxy's log) cannot sign in again (ADR 037).
 */
export async function signInWithSecondFactor(
  deps: SignInDeps,
  input: SignInTwoFactorRequest,
  request: FastifyRequest,
): Promise<AuthTokenResponse> {
  const db = deps.database.db;
  const challenge = await challengeOf(deps, input.challengeToken);
  const expired = () => new AppError(401, 'TWO_FACTOR_CHALLENGE_EXPIRED', TWO_FACTOR_CHALLENGE_EXPIRED);
  const account = challenge && (await findUserById(db, challenge.userId));
  if (
    !challenge ||
    account?.tokenVersion !== challenge.tokenVersion ||
    (await isChallengeSpent(db, challenge))
  ) {
    throw expired();
  }
  if (!(await verifySecondFactor(deps, challenge.userId, input.code, 'sign_in'))) {
    await recordFailedSignIn(deps, request, challenge.userId, { step: 'two_factor' });
    throw new AppError(401, 'SIGN_IN_CODE_INCORRECT', TWO_FACTOR_CODE_INCORRECT);
  }
  if (!(await spendSignInChallenge(db, challenge))) throw expired();
  return startSession(deps, { ...challenge, email: account.email }, request);
}

/** Who the code step is for (null when the challenge is not valid): the throttle counts guesses per account. */
export const challengeOf = (deps: Pick<AppDeps, 'keys'>, token: string) =>
  readSignInChallenge(deps.keys, token);

/** A token, the device's token for later sign-ins, and a "new sign-in" event for the merchant's security alerts. */
async function startSession(
  deps: SignInDeps,
  account: { userId: string; tokenVersion: number; email: string },
  request: FastifyRequest,
): Promise<AuthTokenResponse> {
  const { userId } = account;
  await withTransaction(deps, async (tx) => {
    await emitEvent(tx, { userId, type: 'security.signed_in', data: { userId, ...requestOrigin(request) } });
    await recordAuditEvent(tx, {
      ...signInContextOf(request, userId),
      businessId: userId,
      action: 'auth.sign_in',
      target: { type: 'user', id: userId },
    });
  });
  return {
    token: await deps.tokens.sign(account),
    userId,
    deviceToken: await issueDeviceToken(deps.keys, account.email),
  };
}

/**
 * A failed sign-in, in its own transaction since the request fails: in the account's chain, or the platform's
 * when no account has the email (the email tried is kept; the password never).
 */
async function recordFailedSignIn(
  deps: SignInDeps,
  request: FastifyRequest,
  userId: string | null,
  details: Record<string, unknown>,
) {
  await withTransaction(deps, (tx) =>
    recordAuditEvent(tx, {
      ...signInContextOf(request, userId),
      businessId: userId,
      action: 'auth.sign_in_failed',
      target: userId ? { type: 'user', id: userId } : null,
      outcome: 'failure',
      details,
    }),
  );
}

/** Ends every token issued to the merchant so far, on every device. */
export async function logout(
  { database, tokenVersions }: Pick<AppDeps, 'database' | 'tokenVersions'>,
  actor: Actor,
  request: FastifyRequest,
): Promise<void> {
  const userId = actor.ownerId;
  await database.db.transaction(async (tx) => {
    await bumpTokenVersion(tx, userId);
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      businessId: userId,
      action: 'auth.sign_out',
      target: { type: 'user', id: userId },
    });
  });
  tokenVersions.forget(userId);
}
