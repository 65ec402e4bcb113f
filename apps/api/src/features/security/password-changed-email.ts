import type { EventOf } from '@bizdash/shared';
import type { AppDeps } from '../../types.ts';
import { findCredentialsByUserId } from '../auth/index.ts';

/**
 * The 'password-changed-email' subscriber: whether the password was changed in Settings or reset from an emailed
 * link, the merchant is told by email, always (it is not a notice the settings can turn off), so a change they did
 * not make does not go unnoticed. Once per event, however often the pipeline runs it.
 */
export async function sendPasswordChangedEmail(
  deps: Pick<AppDeps, 'database' | 'email' | 'config'>,
  event: EventOf<'security.password_changed'>,
) {
  const account = await findCredentialsByUserId(deps.database.db, event.data.userId);
  if (!account) return;
  await deps.email.sendOnce(`password-changed:${event.id}`, {
    to: account.email,
    userId: account.userId,
    subject: 'Your Bizdash password was changed',
    text: [
      `Hello ${account.firstName},`,
      '',
      `The password of your Bizdash account was changed on ${new Date(event.createdAt).toUTCString()}.`,
      'Every device that was signed in has been signed out.',
      '',
      `If this was not you, reset your password now at ${deps.config.publicUrl}/forgot-password and tell us.`,
    ].join('\n'),
  });
}
