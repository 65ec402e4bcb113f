import { type EnableTwoFactorRequest, RecoveryCodesResponseSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { getTwoFactorStatusQueryOptions, twoFactorPath } from './get-two-factor-status';

const ENABLE_TWO_FACTOR_ERROR = 'Unable to turn on two-factor authentication. Please try again.';

function enableTwoFactor({ userId, ...body }: EnableTwoFactorRequest & { userId: string }) {
  return apiRequest(twoFactorPath(userId, 'enable'), {
    method: 'POST',
    body,
    schema: RecoveryCodesResponseSchema,
    defaultError: ENABLE_TWO_FACTOR_ERROR,
  });
}

export function useEnableTwoFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnableTwoFactorRequest) => enableTwoFactor({ userId, ...body }),
    onSuccess: (response) => {
      toast.success(response.message);
      void queryClient.invalidateQueries({ queryKey: getTwoFactorStatusQueryOptions(userId).queryKey });
    },
  });
}
