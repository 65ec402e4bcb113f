import { type CreatePayoutRequest, IDEMPOTENCY_KEY_HEADER, PayoutSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getPayoutQueryOptions } from './get-payout';

const CREATE_PAYOUT_ERROR = 'Unable to start the payout. Please try again.';

interface CreatePayoutVariables {
  payout: CreatePayoutRequest;
  /** One per attempt, reused when the same attempt is sent again: the server answers it once. */
  idempotencyKey: string;
}

function createPayout({ payout, idempotencyKey }: CreatePayoutVariables) {
  return apiRequest('/payouts', {
    method: 'POST',
    body: payout,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: PayoutSchema,
    defaultError: CREATE_PAYOUT_ERROR,
  });
}

/** Starts a payout (it then waits for its code); its page reads it from the cache at once. */
export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSuccess: async (payout) => {
      queryClient.setQueryData(getPayoutQueryOptions(payout.id).queryKey, payout);
      await queryClient.invalidateQueries({ queryKey: queryKeys.payouts, exact: false });
    },
  });
}
