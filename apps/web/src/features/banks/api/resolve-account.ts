import { type ResolveAccountRequest, ResolvedAccountSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const RESOLVE_ERROR = 'Unable to verify this account. Please try again.';

function resolveAccount(input: ResolveAccountRequest) {
  return apiRequest('/bank/resolve-account', {
    method: 'POST',
    body: input,
    schema: ResolvedAccountSchema,
    defaultError: RESOLVE_ERROR,
  });
}

/** Name enquiry: the name the bank holds the account under, shown for the merchant to confirm. */
export function useResolveAccount() {
  return useMutation({ mutationFn: resolveAccount });
}
