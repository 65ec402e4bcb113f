import {
  type NotificationPage,
  NotificationPageSchema,
  NotificationSchema,
  NotificationsReadSchema,
} from '@bizdash/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The bell shows the newest notices; the unread count covers all of them. */
const BELL_PAGE_SIZE = 20;
const NOTIFICATIONS_FETCH_ERROR = 'Unable to fetch notifications';
const NOTIFICATIONS_READ_ERROR = 'Unable to mark notifications as read';

/** Root of every notifications query: live 'notification' notices invalidate it (lib/use-live-updates). */
const notificationsKey = (userId: string) => [...queryKeys.notifications, userId] as const;
const basePath = (userId: string) => `/users/${encodeURIComponent(userId)}/notifications`;

export function useNotifications(userId: string) {
  return useQuery({
    queryKey: [...notificationsKey(userId), 'list', BELL_PAGE_SIZE] as const,
    queryFn: ({ signal }): Promise<NotificationPage> =>
      apiRequest(basePath(userId), {
        query: { page: 1, size: BELL_PAGE_SIZE },
        schema: NotificationPageSchema,
        defaultError: NOTIFICATIONS_FETCH_ERROR,
        signal,
      }),
    // The list shows its own error state with a Retry button.
    meta: { errorToast: false },
  });
}

function useNotificationsMutation<TInput>(userId: string, mutationFn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }),
    onError: (error) => toast.error(error.message),
  });
}

export const useMarkNotificationRead = (userId: string) =>
  useNotificationsMutation(userId, (notificationId: string) =>
    apiRequest(`${basePath(userId)}/${encodeURIComponent(notificationId)}/read`, {
      method: 'POST',
      schema: NotificationSchema,
      defaultError: NOTIFICATIONS_READ_ERROR,
    }),
  );

export const useMarkAllNotificationsRead = (userId: string) =>
  useNotificationsMutation(userId, () =>
    apiRequest(`${basePath(userId)}/read-all`, {
      method: 'POST',
      schema: NotificationsReadSchema,
      defaultError: NOTIFICATIONS_READ_ERROR,
    }),
  );
