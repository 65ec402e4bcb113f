/**
 * Query options of every money figure (balances, money in and out, transaction lists): never shown stale on
 * arrival. A cached value is only a placeholder while the refetch every mount starts replaces it; live notices
 * keep it fresh after that.
 */
export const moneyFreshness = { refetchOnMount: 'always' } as const;
