import { ApiKeyDetailsSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { storeApiDetails } from './keys';

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
