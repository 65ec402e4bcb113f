import { CACHE_TIMINGS_MS } from '@bizdash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Balances and transaction lists: what a new payment changes. */
const LIVE_QUERY_KEYS = [['wallets'], ['transactions', 'search']] as const;

/**
 * While a money screen is open and the tab visible, its balances and lists refetch every few seconds (and at
 * once when the tab comes back), so a customer's payment appears without a reload. Only queries on screen
 * refetch; a hidden tab costs nothing.
 */
export function useLiveUpdates(intervalMs: number = CACHE_TIMINGS_MS.liveRefresh) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      for (const queryKey of LIVE_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
    };
    const timer = window.setInterval(refresh, intervalMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient, intervalMs]);
}
