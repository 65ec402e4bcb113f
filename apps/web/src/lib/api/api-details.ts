import { type ApiKeyDetails, ApiKeyDetailsSchema, type User } from '@bizdash/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { getUserQueryOptions, userQueryKey } from './user';

/*
 * The API details of the merchant or one of its apps: its API key (api-keys) and its webhook endpoint (webhooks),
 * read with the user and changed through one endpoint, so both features share them here.
 */

/** The API key and webhook of the merchant or one of its apps (the `apiKey` of GET /api/users/{id}). */
export function useApiDetails(userId: string) {
  return useQuery({
    ...getUserQueryOptions(userId),
    select: (user) => user.apiKey,
    meta: { errorToast: false },
  });
}

/** Puts new API details into the cached user, so every screen showing it changes at once. */
export function storeApiDetails(
  queryClient: QueryClient,
  userId: string,
  change: (details: ApiKeyDetails) => ApiKeyDetails,
): void {
  queryClient.setQueryData<User>(userQueryKey(userId), (user) =>
    user ? { ...user, apiKey: change(user.apiKey) } : user,
  );
}

/** The three changes of PUT /api/users/update-api-details (SPEC section 7), one at a time. */
type ApiDetailsChange = { webhookUrl: string } | { generateNewKey: true } | { deleteKey: true };

/** SPEC section 8: each change's success toast and default error. */
const MESSAGES = {
  webhookUrl: { success: 'Webhook updated successfully', error: 'Unable to WebHook URL' },
  generateNewKey: { success: 'New key generated successfully', error: 'Unable to generate key' },
  deleteKey: { success: 'Api key deleted successfully', error: 'Unable to delete key' },
} as const;

const messagesOf = (change: ApiDetailsChange) =>
  'webhookUrl' in change
    ? MESSAGES.webhookUrl
    : 'generateNewKey' in change
      ? MESSAGES.generateNewKey
      : MESSAGES.deleteKey;

function updateApiDetails(userId: string, change: ApiDetailsChange) {
  return apiRequest('/users/update-api-details', {
    method: 'PUT',
    body: { userId, ...change },
    schema: ApiKeyDetailsSchema,
    defaultError: messagesOf(change).error,
  });
}

/**
 * Saves the webhook URL, generates a key or deletes the keys of `userId`; the answer replaces the cached details.
 * `onChange` runs after each success (an app's page refreshes the apps list, SPEC section 7).
 */
export function useUpdateApiDetails(userId: string, onChange?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ApiDetailsChange) => updateApiDetails(userId, change),
    onSuccess: (details, change) => {
      storeApiDetails(queryClient, userId, () => details);
      toast.success(messagesOf(change).success);
      onChange?.();
    },
    onError: (error) => toast.error(error.message),
  });
}
