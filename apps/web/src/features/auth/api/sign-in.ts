import { AuthTokenResponseSchema, type SignInRequest } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';
import { startSession } from '@/lib/credentials';

function signIn(body: SignInRequest) {
  return apiRequest('/auth/signin', {
    method: 'POST',
    body,
    schema: AuthTokenResponseSchema,
    auth: false,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

export function useSignIn({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (credentials) => {
      startSession(credentials);
      onSuccess();
    },
    onError: (error) => toast.error(error.message),
  });
}
