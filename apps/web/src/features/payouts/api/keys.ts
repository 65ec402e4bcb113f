/** The root of every payout query: creating or confirming a payout makes them all stale. */
export const payoutsQueryKey = ['payouts'] as const;
