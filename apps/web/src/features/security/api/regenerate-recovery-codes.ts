import { RecoveryCodesResponseSchema, type RegenerateRecoveryCodesRequest } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { getTwoFactorStatusQueryOptions, twoFactorPath } from './get-two-factor-status';

const REGENERATE_RECOVERY_CODES_ERROR = 'Unable to generate new recovery codes. Please try again.';

function regenerateRecoveryCodes({ userId, ...body }: RegenerateRecoveryCodesRequest & { userId: string }) {
  return apiRequest(twoFactorPath(userId, 'recovery-codes'), {
    method: 'POST',
    body,
    schema: RecoveryCodesResponseSchema,
    defaultError: REGENERATE_RECOVERY_CODES_ERROR,
  });
}

/** Ten new codes; the old ones stop working at once. */
export function useRegenerateRecoveryCodes(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegenerateRecoveryCodesRequest) => regenerateRecoveryCodes({ userId, ...body }),
    onSuccess: (response) => {
      toast.success(response.message);
      void queryClient.invalidateQueries({ queryKey: getTwoFactorStatusQueryOptions(userId).queryKey });
    },
  });
}
