import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { buildWallet } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { signIn } from '@/testing/session';
import { getWalletsQueryOptions, useWallets } from './wallets';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('money figures on arrival', () => {
  it('shows a cached balance only until the balance fetched on arrival replaces it', async () => {
    signIn();
    // Seen a minute ago, well within the cache's fresh time; a payment has landed since.
    queryClient.setQueryData(getWalletsQueryOptions().queryKey, [buildWallet({ availableBalance: 1_000 })]);
    db.wallets = [buildWallet({ availableBalance: 501_000 })];

    const { result } = renderHook(() => useWallets(), { wrapper });
    expect(result.current.data?.[0]?.availableBalance).toBe(1_000);
    expect(result.current.isFetching).toBe(true);
    await waitFor(() => expect(result.current.data?.[0]?.availableBalance).toBe(501_000));
  });
});
