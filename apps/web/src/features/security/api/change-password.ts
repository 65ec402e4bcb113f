import { type ChangePasswordRequest, MessageResponseSchema, PASSWORD_UPDATE_FAILED } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { config } from '@/lib/config';
import { clearCredentials } from '@/lib/credentials';
import { redirectTo } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';

function changePassword({ userId, ...body }: ChangePasswordRequest & { userId: string }) {
  return apiRequest(`/users/${userId}/change-password`, {
    method: 'PUT',
    body,
    schema: MessageResponseSchema,
    defaultError: PASSWORD_UPDATE_FAILED,
  });
}

export function useChangePassword({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (response) => {
      // Every session ended on the server, this one too: forget the token and sign in with the new password.
      toast.success(response.message);
      clearCredentials();
      queryClient.clear();
      redirectTo(config.signInUrl);
    },
    onError: (error) => {
      toast.error(error.message);
      onError?.(error);
    },
  });
}
