import { createHash, randomBytes } from 'node:crypto';
import {
  FORGOT_PASSWORD_SENT,
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
  type ResetPasswordRequest,
} from '@bizdash/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { AppDeps } from '../../types.ts';
import { recordAuditEvent, signInContextOf } from '../audit/index.ts';
import { bumpTokenVersion, findUserByEmail } from '../users/index.ts';
import { replacePasswordHash, replacePasswordReset, usePasswordReset } from './auth.repository.ts';

const RESET_LINK_MINUTES = 30;

type Deps = Pick<AppDeps, 'database' | 'email' | 'config' | 'tokenVersions' | 'jobs'>;

/** The link's token has 256 random bits: a plain SHA-256 of it is as good as a slow hash, and findable. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * "Forgot password?": answered at once and alike for every address; the link is made and emailed afterwards, so
 * neither the answer nor its timing tells whether the address has an account.
 */
export function requestPasswordReset(deps: Deps, email: string, log: FastifyBaseLogger) {
  sendResetLink(deps, email).catch((error) =>
    log.error({ err: error }, 'sending a password reset link failed'),
  );
  return { message: FORGOT_PASSWORD_SENT };
}

async function sendResetLink(deps: Deps, email: string) {
  const merchant = await findUserByEmail(deps.database.db, email);
  // Merchants only: an app has no password of its own.
  if (!merchant || merchant.isApp) return;
  const token = randomBytes(32).toString('base64url');
  await replacePasswordReset(deps.database.db, {
    userId: merchant.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
  });
  // In the fragment: browsers never send it to a server, so it reaches no access log and no Referer.
  const link = `${deps.config.publicUrl}/reset-password#token=${token}`;
  await deps.email.send({
    to: merchant.email,
    userId: merchant.id,
    subject: 'Reset your Bizdash password',
    text: [
      `Hello ${merchant.firstName},`,
      '',
      `Someone (we hope you) asked to reset the password of your Bizdash account. Choose a new one here: ${link}`,
      '',
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`,
    ].join('\n'),
  });
}

/**
 * Sets the new password with a live link, once: every session of the merchant ends (the token version moves on)
 * and, like a change in Settings, it is written to the event pipeline, whose subscribers email the merchant (so a
 * reset they did not make does not go unnoticed) and put a notice in the bell.
 */
export async function resetPassword(deps: Deps, input: ResetPasswordRequest, request: FastifyRequest) {
  const passwordHash = await hashPassword(input.password);
  const userId = await withTransaction(deps, async (tx) => {
    const reset = await usePasswordReset(tx, hashToken(input.token));
    if (!reset) return null;
    await replacePasswordHash(tx, reset.userId, passwordHash);
    await bumpTokenVersion(tx, reset.userId);
    await emitEvent(tx, {
      userId: reset.userId,
      type: 'security.password_changed',
      data: { userId: reset.userId, ...requestOrigin(request) },
    });
    await recordAuditEvent(tx, {
      ...signInContextOf(request, reset.userId),
      businessId: reset.userId,
      action: 'auth.password_reset',
      target: { type: 'user', id: reset.userId },
      details: { via: 'email_link' },
    });
    return reset.userId;
  });
  if (!userId) throw badRequest(RESET_LINK_INVALID, 'RESET_LINK_INVALID');
  deps.tokenVersions.forget(userId);
  return { message: PASSWORD_RESET_DONE };
}
