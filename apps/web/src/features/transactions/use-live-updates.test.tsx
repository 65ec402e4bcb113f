import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './use-live-updates';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

function renderLive() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUpdates(5_000), { wrapper });
  const refreshedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...hook, invalidate, refreshedKeys };
}

describe('useLiveUpdates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('refreshes balances and transaction lists every interval while the page is visible', () => {
    const { refreshedKeys } = renderLive();
    expect(refreshedKeys()).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(refreshedKeys()).toEqual([['wallets'], ['transactions', 'search']]);
    vi.advanceTimersByTime(5_000);
    expect(refreshedKeys()).toHaveLength(4);
  });

  it('does nothing while the tab is hidden and refreshes as soon as it is shown again', () => {
    const { refreshedKeys } = renderLive();
    setVisibility('hidden');
    vi.advanceTimersByTime(15_000);
    expect(refreshedKeys()).toEqual([]);
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refreshedKeys()).toEqual([['wallets'], ['transactions', 'search']]);
  });

  it('stops refreshing when the screen is left', () => {
    const { unmount, refreshedKeys } = renderLive();
    unmount();
    vi.advanceTimersByTime(20_000);
    expect(refreshedKeys()).toEqual([]);
  });
});
