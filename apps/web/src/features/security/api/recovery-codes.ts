import {
  type EnableTwoFactorRequest,
  RecoveryCodesResponseSchema,
  type RegenerateRecoveryCodesRequest,
} from '@bizdash/shared';
import { apiRequest } from '@/lib/api-client';
import { useApiMutation } from '@/lib/use-api-mutation';
import { getTwoFactorStatusQueryOptions, twoFactorPath } from './get-two-factor-status';

/** A change confirmed with a code from the app that answers with ten recovery codes, shown this once. */
function useRecoveryCodesMutation<TBody extends object>(
  userId: string,
  action: 'enable' | 'recovery-codes',
  defaultError: string,
) {
  return useApiMutation({
    mutationFn: (body: TBody) =>
      apiRequest(twoFactorPath(userId, action), {
        method: 'POST',
        body,
        schema: RecoveryCodesResponseSchema,
        defaultError,
      }),
    successMessage: (response) => response.message,
    invalidates: [getTwoFactorStatusQueryOptions(userId).queryKey],
    // The form shows what went wrong beside the code field.
    toastErrors: false,
  });
}

/** Turns two-factor on with the first code from the app. */
export const useEnableTwoFactor = (userId: string) =>
  useRecoveryCodesMutation<EnableTwoFactorRequest>(
    userId,
    'enable',
    'Unable to turn on two-factor authentication. Please try again.',
  );

/** Ten new codes; the old ones stop working at once. */
export const useRegenerateRecoveryCodes = (userId: string) =>
  useRecoveryCodesMutation<RegenerateRecoveryCodesRequest>(
    userId,
    'recovery-codes',
    'Unable to generate new recovery codes. Please try again.',
  );
