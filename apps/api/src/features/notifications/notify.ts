import { DEFAULT_NOTIFICATION_SETTINGS, type EventEnvelope } from '@bizdash/shared';
import type { AppDeps } from '../../types.ts';
import { noticeFor } from './notification-texts.ts';
import { findNoticeRecipient, insertNotification } from './notifications.repository.ts';

/** Events whose email the merchant always gets from a handler of their own (dispute-email): no second copy here. */
const EMAILED_ON_THEIR_OWN: ReadonlySet<EventEnvelope['type']> = new Set([
  'dispute.created',
  'dispute.evidence_due_soon',
]);

/**
 * The 'notify' subscriber: a notice in the bell when the merchant's settings have in-app and the event's type
 * on, and the same notice by email when email is on too. An app's events go to the merchant who owns it, named. Safe to run twice for one event (the pipeline retries).
 */
export async function notify({ database, email }: Pick<AppDeps, 'database' | 'email'>, event: EventEnvelope) {
  const notice = noticeFor(event);
  if (!notice) return;
  const db = database.db;
  const recipient = await findNoticeRecipient(db, event.id);
  if (!recipient) return;
  const settings = recipient.settings ?? DEFAULT_NOTIFICATION_SETTINGS;
  if (!settings.inApp || !settings[notice.type]) return;

  const body = recipient.appName ? `${recipient.appName}: ${notice.body}` : notice.body;
  await insertNotification(db, { userId: recipient.userId, eventId: event.id, ...notice, body });
  if (settings.email && !EMAILED_ON_THEIR_OWN.has(event.type))
    await email.sendOnce(`notification:${event.id}`, {
      to: recipient.email,
      userId: recipient.userId,
      subject: notice.title,
      text: `${body}\n\nYou get this email because email notifications are on in Settings > Notifications.`,
    });
}
