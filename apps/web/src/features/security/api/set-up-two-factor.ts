import { type TwoFactorSetupResponse, TwoFactorSetupResponseSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { twoFactorPath } from './get-two-factor-status';

const SET_UP_TWO_FACTOR_ERROR = 'Unable to start the two-factor set-up. Please try again.';

/** A new secret waiting for its first code; asking again replaces it (a fresh QR code every time). */
function setUpTwoFactor(userId: string): Promise<TwoFactorSetupResponse> {
  return apiRequest(twoFactorPath(userId, 'setup'), {
    method: 'POST',
    schema: TwoFactorSetupResponseSchema,
    defaultError: SET_UP_TWO_FACTOR_ERROR,
  });
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
