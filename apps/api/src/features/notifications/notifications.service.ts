import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  type NotificationSettings,
  type PageQuery,
  pageOf,
} from '@bizdash/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type BusinessAuditContext, changedFields, recordAuditEvent } from '../audit/index.ts';
import {
  countUnread,
  findSettings,
  listNotifications,
  markAllRead,
  markOwnedNotificationRead,
  saveSettings,
} from './notifications.repository.ts';

/*
 * Each function takes the acting user's id (actorOf(request).actingUserId): the signed-in scope has checked the
 * user the path names is the caller's, so nothing here checks it again.
 */

/** The acting user's settings; SPEC's defaults until the first save. */
export async function getSettings(db: Db, userId: string): Promise<NotificationSettings> {
  return (await findSettings(db, userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
}

/** Saves the settings; the audit trail gets the choices that changed, before and after. */
export async function updateSettings(
  db: Db,
  userId: string,
  settings: NotificationSettings,
  audit: BusinessAuditContext,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const before = (await findSettings(tx, userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
    const saved = await saveSettings(tx, userId, settings);
    const change = changedFields(before, saved);
    if (change) {
      await recordAuditEvent(tx, {
        ...audit,
        action: 'settings.changed',
        target: { type: 'user', id: userId },
        details: { area: 'notifications', userId, ...change },
      });
    }
    return saved;
  });
}

const NOTIFICATION_NOT_FOUND = 'Notification not found';

type NotificationRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];
const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The bell's list: the user's notices, newest first, one page at a time, with the unread count. */
export async function getNotifications(db: Db, userId: string, query: PageQuery) {
  const { rows, total, unread } = await listNotifications(db, userId, query);
  return { ...pageOf(rows.map(toNotification), query, total), unreadCount: unread };
}

export async function readNotification(db: Db, userId: string, notificationId: string) {
  const row = await markOwnedNotificationRead(db, userId, notificationId);
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

export async function readAllNotifications(db: Db, userId: string) {
  const marked = await markAllRead(db, userId);
  return { marked, unreadCount: await countUnread(db, userId) };
}
