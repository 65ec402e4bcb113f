import { type Currency, type PayoutTerms, PayoutTermsSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const TERMS_FETCH_ERROR = 'Unable to load the payout terms';

export type CurrencyTerms = PayoutTerms['currencies'][number];

function getPayoutTerms(signal?: AbortSignal): Promise<PayoutTerms> {
  return apiRequest('/payouts/terms', { schema: PayoutTermsSchema, defaultError: TERMS_FETCH_ERROR, signal });
}

/** Fees, minimum and the daily limit with what is used of it: fresh whenever a payout starts. */
const getPayoutTermsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.payouts, 'terms'] as const,
    queryFn: ({ signal }) => getPayoutTerms(signal),
    staleTime: 0,
    meta: { errorToast: false },
  });

export function usePayoutTerms() {
  return useQuery(getPayoutTermsQueryOptions());
}

export function termsFor(terms: PayoutTerms, currency: Currency): CurrencyTerms | undefined {
  return terms.currencies.find((entry) => entry.currency === currency);
}
