import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  type NotificationSettings,
  type PageQuery,
  pageOf,
} from '@bizdash/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { assertOwnedUser } from '../users/index.ts';
import {
  countUnread,
  findSettings,
  listNotifications,
  markAllRead,
  markRead,
  saveSettings,
} from './notifications.repository.ts';

/** The settings of a user the caller owns (404 otherwise); SPEC's defaults until the first save. */
export async function getSettings(db: Db, actor: Actor, userId: string): Promise<NotificationSettings> {
  await assertOwnedUser(db, actor.ownerId, userId);
  return (await findSettings(db, userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
}

export async function updateSettings(
  db: Db,
  actor: Actor,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await assertOwnedUser(db, actor.ownerId, userId);
  return saveSettings(db, userId, settings);
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
export async function getNotifications(db: Db, actor: Actor, userId: string, query: PageQuery) {
  await assertOwnedUser(db, actor.ownerId, userId);
  const { rows, total, unread } = await listNotifications(db, userId, query);
  return { ...pageOf(rows.map(toNotification), query, total), unreadCount: unread };
}

export async function readNotification(db: Db, actor: Actor, userId: string, notificationId: string) {
  await assertOwnedUser(db, actor.ownerId, userId);
  const row = await markRead(db, userId, notificationId);
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

export async function readAllNotifications(db: Db, actor: Actor, userId: string) {
  await assertOwnedUser(db, actor.ownerId, userId);
  const marked = await markAllRead(db, userId);
  return { marked, unreadCount: await countUnread(db, userId) };
}
