import type { KycStartResponse, KycStatus, UserStatus } from '@bizdash/shared';
import type { IdentityVerificationStatus } from '../../db/schema/kyc.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordCallback } from '../../plugins/provider-callbacks.ts';
import type { IdentityCallback, IdentityOutcome } from '../../providers/identity/identity-types.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { findOwnedUser } from '../users/index.ts';
import {
  applyVerificationChange,
  insertVerification,
  latestVerification,
  lockOwnedVerification,
  setProviderReference,
} from './kyc.repository.ts';

type KycDeps = Pick<AppDeps, 'database' | 'identity' | 'jobs'>;

const USER_NOT_FOUND = 'User not found';

/** Where a user may start (or restart) a verification from: never verified, or failed (a retry). */
const CAN_START: readonly UserStatus[] = ['PENDING_KYC', 'KYC_FAILED'];
/** Which user statuses a provider's answer may still move. */
const UNDECIDED: readonly UserStatus[] = ['PENDING_KYC', 'IN_REVIEW', 'KYC_FAILED'];

const REFUSED_START: Partial<Record<UserStatus, AppError>> = {
  ACTIVE: conflict('KYC verification is already complete.', 'KYC_COMPLETE'),
  IN_REVIEW: conflict(
    'Your verification is in review. Your status will update as soon as it is decided.',
    'KYC_IN_REVIEW',
  ),
  SUSPENDED: conflict('This account is suspended. Please contact support.', 'ACCOUNT_SUSPENDED'),
};

const OUTCOMES: Record<IdentityOutcome, { verification: IdentityVerificationStatus; user: UserStatus }> = {
  IN_REVIEW: { verification: 'IN_REVIEW', user: 'IN_REVIEW' },
  APPROVED: { verification: 'APPROVED', user: 'ACTIVE' },
  REJECTED: { verification: 'REJECTED', user: 'KYC_FAILED' },
};

/** The acting user (the path's, which the signed-in scope checked is the caller's) with its status. */
async function actingUser(deps: KycDeps, { ownerId, actingUserId }: Actor) {
  const user = await findOwnedUser(deps.database.db, ownerId, actingUserId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** The user's KYC standing; the reason is the latest rejection's, while the user is KYC_FAILED. */
export async function getKycStatus(deps: KycDeps, actor: Actor): Promise<KycStatus> {
  const user = await actingUser(deps, actor);
  const latest = await latestVerification(deps.database.db, user.id);
  return {
    status: user.status,
    reason: user.status === 'KYC_FAILED' ? (latest?.reason ?? null) : null,
    updatedAt: latest ? latest.updatedAt.toISOString() : null,
  };
}

/** Opens a verification with the identity provider and answers where its widget is. */
export async function startVerification(deps: KycDeps, actor: Actor): Promise<KycStartResponse> {
  const user = await actingUser(deps, actor);
  if (!CAN_START.includes(user.status)) {
    throw REFUSED_START[user.status] ?? conflict('Verification cannot be started now.', 'KYC_NOT_STARTABLE');
  }
  const { db } = deps.database;
  const verification = await insertVerification(db, user.id, deps.identity.name);
  const started = await deps.identity.start({ verificationId: verification.id, customerId: user.id });
  await setProviderReference(db, verification.id, started.providerReference);
  return { widgetUrl: started.widgetUrl };
}

/**
 * A provider's verified callback: each id applies once (a replay is refused and changes nothing), and only to
 * the user's newest verification while it is undecided. The user's status, the verification and the
 * user.kyc.updated event commit together. Returns whether anything changed.
 */
export async function applyCallback(
  deps: KycDeps,
  callback: IdentityCallback,
): Promise<{ applied: boolean }> {
  const result = await withTransaction(deps, async (tx) => {
    const seen = {
      source: 'identity',
      provider: deps.identity.name,
      callbackId: callback.callbackId,
    } as const;
    if (!(await recordCallback(tx, seen))) {
      throw conflict('This callback was already received.', 'CALLBACK_REPLAYED');
    }
    const locked = await lockOwnedVerification(tx, callback.customerId, callback.verificationId);
    if (!locked)
      throw badRequest('The callback names no verification of this customer.', 'UNKNOWN_VERIFICATION');
    const { verification, userStatus } = locked;
    const latest = await latestVerification(tx, callback.customerId);
    const decided = verification.status === 'APPROVED' || verification.status === 'REJECTED';
    // Late or out-of-order answers (an IN_REVIEW after the decision, an older attempt's) are acknowledged only.
    if (decided || latest?.id !== verification.id || !UNDECIDED.includes(userStatus)) return false;

    const next = OUTCOMES[callback.outcome];
    const reason = callback.outcome === 'REJECTED' ? (callback.reason ?? 'The identity check failed.') : null;
    await applyVerificationChange(tx, {
      verificationId: verification.id,
      userId: callback.customerId,
      verificationStatus: next.verification,
      userStatus: next.user,
      reason,
    });
    await emitEvent(tx, {
      userId: callback.customerId,
      type: 'user.kyc.updated',
      data: { userId: callback.customerId, status: next.user, reason },
    });
    return true;
  });
  return { applied: result };
}
