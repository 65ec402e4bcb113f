import { type KycStartResponse, KycStartResponseSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const START_KYC_ERROR = 'Unable to start identity verification. Please try again.';

/** Opens a verification with the identity provider; the answer is where its widget is. */
function startKyc(customerId: string): Promise<KycStartResponse> {
  return apiRequest(`/kyc/${encodeURIComponent(customerId)}/verifications`, {
    method: 'POST',
    schema: KycStartResponseSchema,
    defaultError: START_KYC_ERROR,
  });
}

export function useStartKyc() {
  return useMutation({ mutationFn: startKyc });
}
