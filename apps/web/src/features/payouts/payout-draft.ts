import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';

/** The steps of a new payout, in order; each keeps what the merchant chose in its own cache entry. */
export const PAYOUT_STEPS = ['account', 'amount', 'recipient', 'review'] as const;
export type PayoutStep = (typeof PAYOUT_STEPS)[number];

/**
 * What each step holds (SPEC's cache names 'payout account', 'payout amount', 'payout recipient', 'payout review').
 * Later steps remember the wallet they were chosen for: picking another wallet makes them start over.
 */
export interface PayoutDraft {
  account: { walletId: string } | null;
  amount: { walletId: string; text: string; amount: number } | null;
  recipient: { walletId: string; bankAccountId: string } | null;
  /** The attempt being sent: its details and its Idempotency-Key, reused while it is retried. */
  review: { fingerprint: string; idempotencyKey: string } | null;
}

/** A merchant who leaves to add a settlement account finds the payout as they left it for an hour. */
const DRAFT_KEPT_MS = 60 * 60_000;

function draftQueryOptions<S extends PayoutStep>(step: S) {
  return queryOptions<PayoutDraft[S]>({
    queryKey: [...queryKeys.payoutDraft, step],
    // Never fetched: the entry is written by the steps and read from the cache.
    queryFn: () => null as PayoutDraft[S],
    enabled: false,
    initialData: null as PayoutDraft[S],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: DRAFT_KEPT_MS,
  });
}

export function usePayoutDraft() {
  const queryClient = useQueryClient();
  const draft: PayoutDraft = {
    account: useQuery(draftQueryOptions('account')).data ?? null,
    amount: useQuery(draftQueryOptions('amount')).data ?? null,
    recipient: useQuery(draftQueryOptions('recipient')).data ?? null,
    review: useQuery(draftQueryOptions('review')).data ?? null,
  };
  const save = useCallback(
    <S extends PayoutStep>(step: S, value: PayoutDraft[S]) =>
      queryClient.setQueryData(draftQueryOptions(step).queryKey, value),
    [queryClient],
  );
  const clear = useCallback(() => {
    for (const step of PAYOUT_STEPS) queryClient.setQueryData(draftQueryOptions(step).queryKey, null);
  }, [queryClient]);
  return { draft, save, clear };
}
