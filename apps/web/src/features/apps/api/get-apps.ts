import { type App, AppsResponseSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

const APPS_FETCH_ERROR = 'Unable to fetch apps';

async function getApps(merchantId: string, signal?: AbortSignal): Promise<App[]> {
  const { apps } = await apiRequest(`/users/${encodeURIComponent(merchantId)}/apps`, {
    schema: AppsResponseSchema,
    defaultError: APPS_FETCH_ERROR,
    signal,
  });
  return apps;
}

function getAppsQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.apps, 'list', merchantId] as const,
    queryFn: ({ signal }) => {
      if (!merchantId) throw new Error(MISSING_USER_ID_MESSAGE);
      return getApps(merchantId, signal);
    },
    enabled: Boolean(merchantId),
  });
}

/**
 * The signed-in merchant's apps, newest first (archived ones are not listed). `enabled: false` holds the call
 * back (the shell asks only when the switcher opens or an app is acted for).
 */
export function useApps({
  errorToast = true,
  enabled = true,
}: {
  errorToast?: boolean;
  enabled?: boolean;
} = {}) {
  const query = getAppsQueryOptions(useUserId());
  return useQuery({ ...query, enabled: query.enabled !== false && enabled, meta: { errorToast } });
}
