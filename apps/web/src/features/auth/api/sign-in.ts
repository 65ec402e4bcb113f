import { type SignInRequest, SignInResponseSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';
import { knownDeviceToken, startSession } from '@/lib/credentials';

function signIn(body: SignInRequest) {
  const deviceToken = knownDeviceToken();
  return apiRequest('/auth/signin', {
    method: 'POST',
    body: deviceToken ? { ...body, deviceToken } : body,
    schema: SignInResponseSchema,
    auth: false,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

/** The password was right and the account has two-factor on: a code comes next, with this challenge. */
export interface SignInChallenge {
  challengeToken: string;
  email: string;
}

interface SignInCallbacks {
  onSuccess: () => void;
  onChallenge: (challenge: SignInChallenge) => void;
}

export function useSignIn({ onSuccess, onChallenge }: SignInCallbacks) {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response, { email }) => {
      if ('challengeToken' in response) {
        onChallenge({ challengeToken: response.challengeToken, email });
        return;
      }
      startSession(response);
      onSuccess();
    },
    onError: (error) => toast.error(error.message),
  });
}
