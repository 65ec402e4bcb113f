import {
  type ChangePasswordRequest,
  CURRENT_PASSWORD_INCORRECT,
  PASSWORD_UPDATED,
  type SignOutEverywhereResponse,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { auditContextOf, recordAuditEvent } from '../audit/index.ts';
import { findCredentialsByUserId, replacePasswordHash } from '../auth/index.ts';
import { bumpTokenVersion, USER_NOT_FOUND } from '../users/index.ts';

type Deps = Pick<AppDeps, 'database' | 'tokenVersions' | 'tokens' | 'jobs'>;

/** The merchant's own sign-in secret while it acts for itself; acting for one of its apps (which has none), null. */
const credentialsOf = (deps: Deps, actor: Actor) =>
  actor.actingUserId === actor.ownerId ? findCredentialsByUserId(deps.database.db, actor.ownerId) : null;

/**
 * Only the merchant's own account has a password: acting for an app of theirs, it is not found. The signed-in
 * scope has already checked the path's user is theirs; API keys never reach this far (the routes are dashboard-only).
 */
export async function ownCredentials(deps: Deps, actor: Actor) {
  const account = await credentialsOf(deps, actor);
  if (!account) throw notFound(USER_NOT_FOUND);
  return account;
}

/** The email the sign-in throttle counts this account under, so guesses here and at sign-in add up. */
export async function throttleKeyOf(deps: Deps, actor: Actor) {
  const account = await credentialsOf(deps, actor);
  return account ? account.email.toLowerCase() : `user:${actor.actingUserId}`;
}

/**
 * A new password ends every session, this one included (the token version moves on), and is written to the event
 * pipeline, whose subscribers email the merchant (so a change they did not make does not go unnoticed) and put a
 * notice in the bell.
 */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: ChangePasswordRequest,
  request: FastifyRequest,
) {
  const account = await ownCredentials(deps, actor);
  const { userId } = account;
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    throw badRequest(CURRENT_PASSWORD_INCORRECT, 'CURRENT_PASSWORD_INCORRECT');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(deps, async (tx) => {
    await replacePasswordHash(tx, userId, passwordHash);
    await bumpTokenVersion(tx, userId);
    await emitEvent(tx, {
      userId,
      type: 'security.password_changed',
      data: { userId, ...requestOrigin(request) },
    });
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      businessId: actor.ownerId,
      action: 'auth.password_changed',
      target: { type: 'user', id: userId },
    });
  });
  deps.tokenVersions.forget(userId);
  return { message: PASSWORD_UPDATED };
}

/**
 * Every token issued so far stops working (the version moves on); the caller gets a token of the new version in
 * the same answer, so only this session carries on.
 */
export async function signOutEverywhere(
  deps: Deps,
  actor: Actor,
  request: FastifyRequest,
): Promise<SignOutEverywhereResponse> {
  const { userId } = await ownCredentials(deps, actor);
  const tokenVersion = await withTransaction(deps, async (tx) => {
    const bumped = (await bumpTokenVersion(tx, userId))?.tokenVersion ?? null;
    if (bumped === null) return null;
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      businessId: actor.ownerId,
      action: 'auth.signed_out_everywhere',
      target: { type: 'user', id: userId },
      details: { keptThisSession: true },
    });
    return bumped;
  });
  deps.tokenVersions.forget(userId);
  if (tokenVersion === null) throw notFound(USER_NOT_FOUND);
  return { token: await deps.tokens.sign({ userId, tokenVersion }), userId };
}
