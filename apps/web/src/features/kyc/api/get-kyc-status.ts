import { type KycStatus, KycStatusSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userQueryKey } from '@/lib/api/user';
import { apiRequest } from '@/lib/api-client';

const KYC_STATUS_ERROR = 'Unable to fetch your verification status';

function getKycStatus(userId: string, signal?: AbortSignal): Promise<KycStatus> {
  return apiRequest(`/kyc/${encodeURIComponent(userId)}`, {
    schema: KycStatusSchema,
    defaultError: KYC_STATUS_ERROR,
    signal,
  });
}

/** Under the user's key: a live 'user' notice (the status moved) refetches it with the user. */
function getKycStatusQueryOptions(userId: string, status: string | undefined) {
  return queryOptions({
    queryKey: [...userQueryKey(userId), 'kyc', status] as const,
    queryFn: ({ signal }) => getKycStatus(userId, signal),
  });
}

export function useKycStatus(userId: string | undefined, status: string | undefined) {
  return useQuery({ ...getKycStatusQueryOptions(userId ?? '', status), enabled: Boolean(userId) });
}
