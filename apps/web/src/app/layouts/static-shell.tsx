import type { Health } from '@bizdash/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { getHealthQueryOptions } from '@/features/test-mode/api/get-health';
import { CookieConsent } from '../cookie-consent';
import { AppLayout } from './app-layout';

/** What the health check answers while the server is up: test mode is the server's, fixed when it starts. */
const health = (testMode: boolean): Health => ({ status: 'ok', database: 'up', testMode });

function shellClient(testMode: boolean): QueryClient {
  // Kept forever: a cache entry's clean-up timer would hold the build's process open after the build.
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(getHealthQueryOptions().queryKey, health(testMode));
  return client;
}

/**
 * The signed-in shell as /dashboard's page paints it before any script has run (apps/web/route-pages.ts, ADR 067):
 * the cookie banner above it (as the root layout puts it), the sidebar, the Test mode band when the server runs in
 * test mode (the server picks the page built for its mode), the top bar; nothing of the person yet, and an empty
 * page under it. Rendered at build time only, from the app's own components, so it cannot drift from the shell the
 * app then draws over it.
 */
export function Component({ testMode }: { testMode: boolean }) {
  const [client] = useState(() => shellClient(testMode));
  return (
    <QueryClientProvider client={client}>
      <CookieConsent />
      <AppLayout />
    </QueryClientProvider>
  );
}
