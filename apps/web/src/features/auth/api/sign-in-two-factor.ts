import { AuthTokenResponseSchema, type SignInTwoFactorRequest } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';
import { startSession } from '@/lib/credentials';

/** The second step of signing in: the challenge from the password step and a code from the app or a recovery code. */
function signInTwoFactor(body: SignInTwoFactorRequest) {
  return apiRequest('/auth/signin/two-factor', {
    method: 'POST',
    body,
    schema: AuthTokenResponseSchema,
    // A wrong code is a 401 here: an error to show, not a session to end.
    auth: false,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

export function useSignInTwoFactor({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: signInTwoFactor,
    onSuccess: (credentials) => {
      startSession(credentials);
      onSuccess();
    },
  });
}
