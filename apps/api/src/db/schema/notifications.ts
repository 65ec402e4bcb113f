import { NOTIFICATION_TYPES, type NotificationType } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, isOneOf, timestamps } from './columns.ts';
import { users } from './users.ts';

/** A merchant's notification choices; no row means SPEC section 9's defaults (the column defaults). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inApp: boolean('in_app').notNull().default(true),
  accountUpdates: boolean('account_updates').notNull().default(true),
  incomingPayments: boolean('incoming_payments').notNull().default(false),
  outgoingTransfer: boolean('outgoing_transfers').notNull().default(false),
  securityAlerts: boolean('security_alerts').notNull().default(false),
  refunds: boolean('refunds').notNull().default(false),
  disputes: boolean('disputes').notNull().default(true),
  email: boolean('email').notNull().default(false),
  ...timestamps,
});

/** A notice in the merchant's bell, made from one event (at most one per event: handlers may run twice). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notifications_event_unique').on(table.eventId),
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    check('notifications_type_check', isOneOf(table.type, NOTIFICATION_TYPES)),
  ],
);
