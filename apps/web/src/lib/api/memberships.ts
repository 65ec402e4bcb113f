import { type Membership, MembershipListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

const MEMBERSHIPS_FETCH_ERROR = 'Unable to fetch your businesses';

/** The businesses the signed-in person can act for, their own account first (a person-level call: their own id). */
function getMemberships(personId: string, signal?: AbortSignal): Promise<Membership[]> {
  return apiRequest('/team/memberships', {
    schema: MembershipListSchema,
    actFor: personId,
    defaultError: MEMBERSHIPS_FETCH_ERROR,
    signal,
  }).then(({ items }) => items);
}

const membershipsQueryKey = (personId: string | null) =>
  [...queryKeys.team, 'memberships', personId] as const;

function getMembershipsQueryOptions(personId: string | null) {
  return queryOptions({
    queryKey: membershipsQueryKey(personId),
    queryFn: ({ signal }) => {
      if (!personId) throw new Error(MISSING_USER_ID_MESSAGE);
      return getMemberships(personId, signal);
    },
    enabled: Boolean(personId),
  });
}

/** The signed-in person's businesses with their role in each (the profile switcher, the acting role). */
export function useMemberships({ errorToast = false }: { errorToast?: boolean } = {}) {
  return useQuery({ ...getMembershipsQueryOptions(useUserId()), meta: { errorToast } });
}
