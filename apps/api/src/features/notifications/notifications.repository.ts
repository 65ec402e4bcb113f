import type { NotificationSettings, PageQuery } from '@bizdash/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedQuery, preparedSql } from '../../db/prepared.ts';
import { notificationSettings, notifications } from '../../db/schema/notifications.ts';

const columns = {
  inApp: notificationSettings.inApp,
  accountUpdates: notificationSettings.accountUpdates,
  incomingPayments: notificationSettings.incomingPayments,
  outgoingTransfer: notificationSettings.outgoingTransfer,
  securityAlerts: notificationSettings.securityAlerts,
  refunds: notificationSettings.refunds,
  disputes: notificationSettings.disputes,
  email: notificationSettings.email,
};

/** Who hears of an event and what they chose: the merchant (of the app, when the event is an app's). */
export interface NoticeRecipient {
  userId: string;
  email: string;
  appName: string | null;
  /** Null when they never saved any choices. */
  settings: NotificationSettings | null;
}

/** The event's recipient and their choices in one statement (the notify handler runs once per event). */
const recipientQuery = preparedSql<'eventId', NoticeRecipient>(
  'notice_recipient',
  ['eventId'],
  (p) => sql`
    select recipient.id as "userId", recipient.email,
      case when author.is_app then author.business_name end as "appName",
      case when settings.user_id is null then null else json_build_object(
        'inApp', settings.in_app, 'accountUpdates', settings.account_updates,
        'incomingPayments', settings.incoming_payments, 'outgoingTransfer', settings.outgoing_transfers,
        'securityAlerts', settings.security_alerts, 'refunds', settings.refunds, 'disputes', settings.disputes,
        'email', settings.email) end as settings
    from outbox_events as event
    join users as author on author.id = event.user_id
    join users as recipient on recipient.id = coalesce(author.parent_user_id, author.id)
    left join notification_settings as settings on settings.user_id = recipient.id
    where event.id = ${p.eventId}::uuid`,
);

export async function findNoticeRecipient(db: DbOrTx, eventId: string) {
  const [row] = await recipientQuery(db, { eventId });
  return row ?? null;
}

/** The user's saved choices, or undefined when they never saved any. */
export async function findSettings(db: DbOrTx, userId: string): Promise<NotificationSettings | undefined> {
  const [row] = await db
    .select(columns)
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveSettings(db: DbOrTx, userId: string, settings: NotificationSettings) {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...settings, updatedAt: new Date() } })
    .returning(columns);
  if (!row) throw new Error('notification settings upsert returned nothing');
  return row;
}

const NOTICE_COLUMNS = ['userId', 'eventId', 'type', 'title', 'body'] as const;
type NewNotification = Pick<typeof notifications.$inferInsert, (typeof NOTICE_COLUMNS)[number]>;

const insertNotificationQuery = preparedQuery('notification_insert_once', NOTICE_COLUMNS, (db, values) =>
  db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: notifications.eventId })
    .returning({ id: notifications.id }),
);

/** True when this event's notice is new; a second run of the same event's handler adds nothing. */
export async function insertNotification(db: Db, notice: NewNotification): Promise<boolean> {
  const rows = await insertNotificationQuery(db, notice);
  return rows.length > 0;
}

export async function listNotifications(db: Db, userId: string, { page, size }: PageQuery) {
  const owned = eq(notifications.userId, userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(owned)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(owned),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the user's notices read; undefined when the user has no such notice. */
export async function markOwnedNotificationRead(db: Db, userId: string, notificationId: string) {
  const owned = and(eq(notifications.id, notificationId), eq(notifications.userId, userId));
  const [updated] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(owned, isNull(notifications.readAt)))
    .returning();
  if (updated) return updated;
  const [already] = await db.select().from(notifications).where(owned);
  return already;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
