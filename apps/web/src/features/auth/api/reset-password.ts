import { MessageResponseSchema, type ResetPasswordRequest } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';
import { clearCredentials } from '@/lib/credentials';

function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/auth/reset-password', {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
    auth: false,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

/** The link was used already or has expired: only a new one helps, so the page says so instead of a toast. */
export const isResetLinkInvalid = (error: unknown) =>
  error instanceof ApiError && error.code === 'RESET_LINK_INVALID';

export function useResetPassword({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      // A reset ends every session of the account, this browser's too: do not keep a token that no longer works.
      clearCredentials();
      toast.success(response.message);
      onSuccess();
    },
    onError: (error) => {
      if (!isResetLinkInvalid(error)) toast.error(error.message);
      onError(error);
    },
  });
}
