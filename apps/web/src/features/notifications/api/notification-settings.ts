import { type NotificationSettings, NotificationSettingsSchema } from '@bizdash/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { userQueryKey } from '@/lib/api/user';
import { apiRequest } from '@/lib/api-client';

const SETTINGS_FETCH_ERROR = 'Unable to fetch notification settings';
const SETTINGS_UPDATE_ERROR = 'Unable to update notification settings';
const SETTINGS_UPDATED = 'Notification settings updated successfully';

const settingsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/notification-settings`;
const settingsQueryKey = (userId: string) => [...userQueryKey(userId), 'notification-settings'] as const;

/** The merchant's saved choices (SPEC's defaults until the first save). */
export function useNotificationSettings(userId: string) {
  return useQuery({
    queryKey: settingsQueryKey(userId),
    queryFn: ({ signal }) =>
      apiRequest(settingsPath(userId), {
        schema: NotificationSettingsSchema,
        defaultError: SETTINGS_FETCH_ERROR,
        signal,
      }),
    // The screen shows its own error state with a Retry button.
    meta: { errorToast: false },
  });
}

export function useSaveNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest(settingsPath(userId), {
        method: 'PUT',
        body: settings,
        schema: NotificationSettingsSchema,
        defaultError: SETTINGS_UPDATE_ERROR,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey(userId), saved);
      toast.success(SETTINGS_UPDATED);
    },
    onError: (error) => toast.error(error.message),
  });
}
