import { getHealthQueryOptions } from '@/features/test-mode/api/get-health';
import { getUserQueryOptions } from '@/lib/api/user';
import { queryClient } from '@/lib/query-client';

/**
 * What decides the shell's banners: test mode (the health check) and email verification (the user). Awaited
 * before the shell first shows, in parallel with its code, so no banner appears above a page already on screen
 * and pushes it down (a layout shift). Cached answers count as they are; a failure still shows the shell, whose
 * components ask again with the usual retries.
 */
export async function loadShellData(userId: string): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData({ ...getHealthQueryOptions(), retry: false }),
    queryClient.ensureQueryData({ ...getUserQueryOptions(userId), retry: false }),
  ]);
}
