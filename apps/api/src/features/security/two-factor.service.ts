import {
  CURRENT_PASSWORD_INCORRECT,
  type DisableTwoFactorRequest,
  type EnableTwoFactorRequest,
  formatRecoveryCode,
  RECOVERY_CODES_REPLACED,
  type RegenerateRecoveryCodesRequest,
  TWO_FACTOR_ALREADY_ENABLED,
  TWO_FACTOR_CODE_INCORRECT,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_NOT_ENABLED,
  TWO_FACTOR_RULES,
  TWO_FACTOR_SETUP_MISSING,
  type TwoFactorStatus,
  twoFactorCodeUsed,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { badRequest } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { auditContextOf, recordAuditEvent } from '../audit/index.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { ownCredentials } from './security.service.ts';
import { enrolmentOf, matchingStep, newTotpSecret } from './totp.ts';
import {
  type CodePurpose,
  claimStep,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  findTwoFactor,
  markEnabled,
  replaceRecoveryCodes,
  savePendingSecret,
  spendChallenge,
  useRecoveryCode,
} from './two-factor.repository.ts';

type Deps = Pick<
  AppDeps,
  'database' | 'email' | 'config' | 'tokenVersions' | 'tokens' | 'jobs' | 'keys' | 'secretBox'
>;

/** The sealed secret is bound to its merchant: copied to another user's row it does not open. */
const sealContext = (userId: string) => `two-factor:${userId}`;
const APP_CODE = /^\d+$/;

export async function twoFactorStatus(deps: Deps, actor: Actor): Promise<TwoFactorStatus> {
  const { userId } = await ownCredentials(deps, actor);
  const row = await findTwoFactor(deps.database.db, userId);
  const enabled = Boolean(row?.enabledAt);
  return {
    enabled,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(deps.database.db, userId) : 0,
  };
}

/** A new secret for the app to scan; it does nothing until a code from the app confirms it (enableTwoFactor). */
export async function setupTwoFactor(deps: Deps, actor: Actor) {
  const account = await ownCredentials(deps, actor);
  const { userId } = account;
  if ((await findTwoFactor(deps.database.db, userId))?.enabledAt)
    throw badRequest(TWO_FACTOR_ALREADY_ENABLED);
  const secret = await newTotpSecret();
  await savePendingSecret(deps.database.db, userId, deps.secretBox.seal(secret, sealContext(userId)));
  return { secret, ...(await enrolmentOf(secret, account.email)) };
}

/**
 * Accepts an app code once per purpose: its time step is claimed, so the same code (or an older one) fails next
 * time for that purpose. A right code already used is not called wrong: the answer says so and when the next comes.
 */
async function acceptAppCode(
  deps: Pick<Deps, 'database' | 'secretBox'>,
  row: { userId: string; secretSealed: string; lastUsedStep: number | null; lastSignInStep: number | null },
  code: string,
  purpose: CodePurpose,
) {
  const secret = deps.secretBox.open(row.secretSealed, sealContext(row.userId));
  const step = await matchingStep(secret, code);
  if (step === null) return false;
  if (await claimStep(deps.database.db, row.userId, step, purpose)) return true;
  const lastUsed = Math.max(step, (purpose === 'sign_in' ? row.lastSignInStep : row.lastUsedStep) ?? step);
  const nextCodeAt = (lastUsed + 1) * TWO_FACTOR_RULES.periodSeconds * 1000;
  const seconds = Math.max(1, Math.ceil((nextCodeAt - Date.now()) / 1000));
  throw badRequest(twoFactorCodeUsed(seconds), 'TWO_FACTOR_CODE_USED');
}

export async function enableTwoFactor(
  deps: Deps,
  actor: Actor,
  { code }: EnableTwoFactorRequest,
  request: FastifyRequest,
) {
  const { userId } = await ownCredentials(deps, actor);
  const row = await findTwoFactor(deps.database.db, userId);
  if (!row) throw badRequest(TWO_FACTOR_SETUP_MISSING, 'TWO_FACTOR_SETUP_MISSING');
  if (row.enabledAt) throw badRequest(TWO_FACTOR_ALREADY_ENABLED);
  if (!(await acceptAppCode(deps, row, code, 'session'))) throw incorrectCode();
  const recoveryCodes = newRecoveryCodes();
  await withTransaction(deps, async (tx) => {
    await markEnabled(tx, userId);
    await replaceRecoveryCodes(tx, userId, hashesOf(deps, userId, recoveryCodes));
    await emitEvent(tx, {
      userId,
      type: 'security.two_factor_enabled',
      data: { userId, ...requestOrigin(request) },
    });
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      businessId: actor.ownerId,
      action: 'two_factor.enabled',
      target: { type: 'user', id: userId },
      details: { method: 'authenticator_app', recoveryCodes: recoveryCodes.length },
    });
  });
  return { message: TWO_FACTOR_ENABLED, recoveryCodes: recoveryCodes.map(formatRecoveryCode) };
}

export async function regenerateRecoveryCodes(
  deps: Deps,
  actor: Actor,
  { code }: RegenerateRecoveryCodesRequest,
  request: FastifyRequest,
) {
  const { userId } = await ownCredentials(deps, actor);
  const row = await enabledTwoFactor(deps.database.db, userId);
  if (!(await acceptAppCode(deps, row, code, 'session'))) throw incorrectCode();
  const recoveryCodes = newRecoveryCodes();
  await deps.database.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, userId, hashesOf(deps, userId, recoveryCodes));
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      businessId: actor.ownerId,
      action: 'two_factor.recovery_codes_regenerated',
      target: { type: 'user', id: userId },
      details: { recoveryCodes: recoveryCodes.length },
    });
  });
  return { message: RECOVERY_CODES_REPLACED, recoveryCodes: recoveryCodes.map(formatRecoveryCode) };
}

/** Turning it off takes the password and a code: a session left open on a shared computer is not enough. */
export async function disableTwoFactor(
  deps: Deps,
  actor: Actor,
  { password, code }: DisableTwoFactorRequest,
  request: FastifyRequest,
) {
  const account = await ownCredentials(deps, actor);
  const { userId } = account;
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw badRequest(CURRENT_PASSWORD_INCORRECT, 'CURRENT_PASSWORD_INCORRECT');
  }
  await enabledTwoFactor(deps.database.db, userId);
  if (!(await verifySecondFactor(deps, userId, code))) throw incorrectCode();
  await withTransaction(deps, async (tx) => {
    await deleteTwoFactor(tx, userId);
    await emitEvent(tx, {
      userId,
      type: 'security.two_factor_disabled',
      data: { userId, ...requestOrigin(request) },
    });
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      businessId: actor.ownerId,
      action: 'two_factor.disabled',
      target: { type: 'user', id: userId },
    });
  });
  return { message: TWO_FACTOR_DISABLED };
}

export async function isTwoFactorEnabled(db: DbOrTx, userId: string) {
  return Boolean((await findTwoFactor(db, userId))?.enabledAt);
}

/**
 * The second factor of a merchant with two-factor on: a code from the app (each works once per purpose) or an
 * unused recovery code (used up by this call). Used at sign-in and wherever a step needs more than the session.
 */
export async function verifySecondFactor(
  deps: Pick<Deps, 'database' | 'keys' | 'secretBox'>,
  userId: string,
  code: string,
  purpose: CodePurpose = 'session',
): Promise<boolean> {
  const row = await findTwoFactor(deps.database.db, userId);
  if (!row?.enabledAt) return false;
  if (APP_CODE.test(code)) return acceptAppCode(deps, row, code, purpose);
  return useRecoveryCode(deps.database.db, userId, hashRecoveryCode(deps.keys, userId, code));
}

/** Whether a sign-in has spent this challenge (or a later one) already: checked before a code is spent on it. */
export async function isChallengeSpent(db: DbOrTx, challenge: { userId: string; issuedAt: Date }) {
  const spentUntil = (await findTwoFactor(db, challenge.userId))?.lastChallengeIssuedAt;
  return Boolean(spentUntil && spentUntil >= challenge.issuedAt);
}

/** The challenge signs in once: it and every one issued before it are spent (false when it already was). */
export const spendSignInChallenge = (db: DbOrTx, challenge: { userId: string; issuedAt: Date }) =>
  spendChallenge(db, challenge.userId, challenge.issuedAt);

async function enabledTwoFactor(db: DbOrTx, userId: string) {
  const row = await findTwoFactor(db, userId);
  if (!row?.enabledAt) throw badRequest(TWO_FACTOR_NOT_ENABLED, 'TWO_FACTOR_NOT_ENABLED');
  return row;
}

const hashesOf = (deps: Deps, userId: string, codes: string[]) =>
  codes.map((code) => hashRecoveryCode(deps.keys, userId, code));

const incorrectCode = () => badRequest(TWO_FACTOR_CODE_INCORRECT, 'TWO_FACTOR_CODE_INCORRECT');
