import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveStreams, pushLiveNotice } from '@/testing/mocks/handlers/live';
import { server } from '@/testing/mocks/server';
import { signIn } from '@/testing/session';
import { useLiveUpdates } from './use-live-updates';

const POLL_MS = 50;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function streamRequests() {
  let count = 0;
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/events/stream') count += 1;
  });
  return () => count;
}

function renderLive() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUpdates(POLL_MS), { wrapper });
  const refreshedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...hook, invalidate, refreshedKeys };
}

describe('useLiveUpdates', () => {
  beforeEach(() => {
    signIn();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('refreshes balances and charts when the API says a wallet changed, and nothing before', async () => {
    const { refreshedKeys } = renderLive();
    await waitFor(() => expect(openLiveStreams()).toBe(1));
    expect(refreshedKeys()).toEqual([]);

    pushLiveNotice('wallet');
    await waitFor(() => expect(refreshedKeys()).toEqual([['wallets']]));
  });

  it('refreshes transaction lists, balances, refunds and customers on a transaction notice, products on a product notice', async () => {
    const { refreshedKeys } = renderLive();
    await waitFor(() => expect(openLiveStreams()).toBe(1));

    pushLiveNotice('transaction');
    pushLiveNotice('product');
    await waitFor(() =>
      expect(refreshedKeys()).toEqual([
        ['transactions'],
        ['wallets'],
        ['refunds'],
        ['customers'],
        ['products'],
      ]),
    );
  });

  it('polls balances and transaction lists while the stream cannot be opened, and stops once it is back', async () => {
    server.use(
      http.get(
        '/api/events/stream',
        () => HttpResponse.json({ error: 'down', code: 'INTERNAL' }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    const { refreshedKeys } = renderLive();
    await waitFor(() => expect(refreshedKeys()).toContainEqual(['transactions', 'search']));
    expect(refreshedKeys()).toContainEqual(['wallets']);

    // The reconnection (after about a second) succeeds: everything missed is refetched once, then polling ends.
    await waitFor(() => expect(openLiveStreams()).toBe(1), { timeout: 3_000 });
    await waitFor(() => expect(refreshedKeys()).toContainEqual(['products']));
    const afterReconnect = refreshedKeys().length;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4));
    expect(refreshedKeys()).toHaveLength(afterReconnect);
  });

  it('holds no stream while the tab is hidden, and catches up when it is shown again', async () => {
    const requests = streamRequests();
    const { refreshedKeys } = renderLive();
    await waitFor(() => expect(openLiveStreams()).toBe(1));

    setVisibility('hidden');
    await waitFor(() => expect(openLiveStreams()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4));
    expect(refreshedKeys()).toEqual([]);
    expect(requests()).toBe(1);

    setVisibility('visible');
    await waitFor(() => expect(openLiveStreams()).toBe(1));
    await waitFor(() =>
      expect(refreshedKeys()).toEqual([
        ['wallets'],
        ['transactions'],
        ['products'],
        ['users'],
        ['notifications'],
        ['banks'],
        ['payouts'],
        ['refunds'],
        ['customers'],
        ['disputes'],
      ]),
    );
    expect(requests()).toBe(2);
  });

  it('closes the stream when the screen is left', async () => {
    const { unmount, refreshedKeys } = renderLive();
    await waitFor(() => expect(openLiveStreams()).toBe(1));
    unmount();
    await waitFor(() => expect(openLiveStreams()).toBe(0));
    expect(refreshedKeys()).toEqual([]);
  });
});
