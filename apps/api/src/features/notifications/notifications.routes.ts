import {
  ApiErrorSchema,
  NotificationIdParamsSchema,
  NotificationPageSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  NotificationsReadSchema,
  PageQuerySchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import {
  getNotifications,
  getSettings,
  readAllNotifications,
  readNotification,
  updateSettings,
} from './notifications.service.ts';

export function notificationsRoutes({ database }: AppDeps) {
  return typedRoutes(async (api) => {
    const common = { tags: ['notifications'], params: UserIdParamsSchema };
    const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
    const db = database.db;

    api.get(
      '/:userId/notification-settings',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          ...common,
          summary:
            'Which notices the merchant gets in the app and by email (SPEC defaults until first saved)',
          response: { 200: NotificationSettingsSchema, ...errors },
        },
      },
      async (request) => getSettings(db, actorOf(request).actingUserId),
    );

    api.put(
      '/:userId/notification-settings',
      {
        config: { dashboardOnly: true, permission: 'settings.manage' },
        schema: {
          ...common,
          summary: 'Save the in-app switch, its four types and the email switch (all six, every time)',
          body: NotificationSettingsSchema,
          response: { 200: NotificationSettingsSchema, ...errors },
        },
      },
      async (request) =>
        updateSettings(
          db,
          actorOf(request).actingUserId,
          request.body,
          businessAuditOf(request, actorOf(request)),
        ),
    );

    api.get(
      '/:userId/notifications',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          ...common,
          summary: "The bell: the user's notices, newest first, one page at a time, with the unread count",
          querystring: PageQuerySchema,
          response: { 200: NotificationPageSchema, ...errors },
        },
      },
      async (request) => getNotifications(db, actorOf(request).actingUserId, request.query),
    );

    api.post(
      '/:userId/notifications/read-all',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          ...common,
          summary: "Mark every one of the user's notices read",
          response: { 200: NotificationsReadSchema, ...errors },
        },
      },
      async (request) => readAllNotifications(db, actorOf(request).actingUserId),
    );

    api.post(
      '/:userId/notifications/:notificationId/read',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          ...common,
          params: NotificationIdParamsSchema,
          summary: 'Mark one notice read (reading it again changes nothing)',
          response: { 200: NotificationSchema, ...errors },
        },
      },
      async (request) => readNotification(db, actorOf(request).actingUserId, request.params.notificationId),
    );
  });
}
