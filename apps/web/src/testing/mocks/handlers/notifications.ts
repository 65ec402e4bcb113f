import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  NotificationIdParamsSchema,
  NotificationPageSchema,
  NotificationSchema,
  type NotificationSettings,
  NotificationSettingsSchema,
  NotificationsReadSchema,
  PageQuerySchema,
  type User,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { actsFor } from '../team-db';
import { contractJson, jsonBody, notFound, pageWindow, parseOr400, queryOf, requireSession } from '../utils';

/** Saved settings per mocked merchant: each test's fresh db.user starts from SPEC's defaults. */
const savedSettings = new WeakMap<User, NotificationSettings>();
/** The mocked merchant's notices, newest first. */
const notices = new WeakMap<User, Notification[]>();

/** Gives this test's merchant these notices (newest first), as the event pipeline would have. */
export function seedNotifications(list: Notification[]): void {
  notices.set(db.user, list);
}

const noticesOf = (user: User) => notices.get(user) ?? [];
const unreadOf = (user: User) => noticesOf(user).filter((notice) => !notice.read).length;

/** The signed-in account, or a business the person is a member of (whose notices this mock keeps with theirs). */
function ownUser(params: unknown): User | null {
  const { userId } = parseOr400(UserIdParamsSchema, params);
  return actsFor(db.team, db.user.recordId, userId) ? db.user : null;
}

export const notificationsHandlers = [
  http.get('/api/users/:userId/notification-settings', ({ request, params }) => {
    requireSession(request);
    const user = ownUser(params);
    if (!user) return notFound('User not found');
    return contractJson(NotificationSettingsSchema, savedSettings.get(user) ?? DEFAULT_NOTIFICATION_SETTINGS);
  }),

  http.put('/api/users/:userId/notification-settings', async ({ request, params }) => {
    requireSession(request);
    const user = ownUser(params);
    if (!user) return notFound('User not found');
    const settings = parseOr400(NotificationSettingsSchema, await jsonBody(request));
    savedSettings.set(user, settings);
    return contractJson(NotificationSettingsSchema, settings);
  }),

  http.get('/api/users/:userId/notifications', ({ request, params }) => {
    requireSession(request);
    const user = ownUser(params);
    if (!user) return notFound('User not found');
    const query = parseOr400(PageQuerySchema, queryOf(request));
    const [items, meta] = pageWindow(noticesOf(user), query);
    return contractJson(NotificationPageSchema, {
      items,
      ...meta,
      totalPages: Math.ceil(meta.totalElements / meta.size),
      unreadCount: unreadOf(user),
    });
  }),

  http.post('/api/users/:userId/notifications/read-all', ({ request, params }) => {
    requireSession(request);
    const user = ownUser(params);
    if (!user) return notFound('User not found');
    const marked = unreadOf(user);
    notices.set(
      user,
      noticesOf(user).map((notice) => ({ ...notice, read: true })),
    );
    return contractJson(NotificationsReadSchema, { marked, unreadCount: 0 });
  }),

  http.post('/api/users/:userId/notifications/:notificationId/read', ({ request, params }) => {
    requireSession(request);
    const { notificationId } = parseOr400(NotificationIdParamsSchema, params);
    const user = ownUser({ userId: params.userId });
    const found = user && noticesOf(user).find((notice) => notice.id === notificationId);
    if (!user || !found) return notFound('Notification not found');
    const read = { ...found, read: true };
    notices.set(
      user,
      noticesOf(user).map((notice) => (notice.id === notificationId ? read : notice)),
    );
    return contractJson(NotificationSchema, read);
  }),
];
