import { type DisableTwoFactorRequest, MessageResponseSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { getTwoFactorStatusQueryOptions, twoFactorPath } from './get-two-factor-status';

const DISABLE_TWO_FACTOR_ERROR = 'Unable to turn off two-factor authentication. Please try again.';

function disableTwoFactor({ userId, ...body }: DisableTwoFactorRequest & { userId: string }) {
  return apiRequest(twoFactorPath(userId, 'disable'), {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
    defaultError: DISABLE_TWO_FACTOR_ERROR,
  });
}

export function useDisableTwoFactor(userId: string, { onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorRequest) => disableTwoFactor({ userId, ...body }),
    onSuccess: (response) => {
      toast.success(response.message);
      void queryClient.invalidateQueries({ queryKey: getTwoFactorStatusQueryOptions(userId).queryKey });
      onSuccess();
    },
  });
}
