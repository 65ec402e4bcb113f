import { userQueryKey } from '@/lib/api/user';

/** Under the user's key: whatever makes the user stale (live notices, polling) refreshes the log too. */
export const deliveriesQueryKey = (userId: string) =>
  [...userQueryKey(userId), 'webhook-deliveries'] as const;
