import { SignOutEverywhereResponseSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';
import { setCredentials } from '@/lib/credentials';

const SIGNED_OUT_ELSEWHERE = 'Signed out of every other device';

function signOutEverywhere(userId: string) {
  return apiRequest(`/users/${userId}/sign-out-everywhere`, {
    method: 'POST',
    schema: SignOutEverywhereResponseSchema,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

export function useSignOutEverywhere({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: (credentials) => {
      // The old token no longer works anywhere; this session carries on with the fresh one.
      setCredentials(credentials);
      toast.success(SIGNED_OUT_ELSEWHERE);
      onSuccess();
    },
    onError: (error) => toast.error(error.message),
  });
}
