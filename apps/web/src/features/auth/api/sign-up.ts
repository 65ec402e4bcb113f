import { AuthTokenResponseSchema, type SignUpRequest } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';
import { startSession } from '@/lib/credentials';

function signUp(body: SignUpRequest) {
  return apiRequest('/auth/signup', {
    method: 'POST',
    body,
    schema: AuthTokenResponseSchema,
    auth: false,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

export function useSignUp({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (credentials) => {
      startSession(credentials);
      onSuccess();
    },
    onError: (error) => {
      toast.error(error.message);
      onError(error);
    },
  });
}
