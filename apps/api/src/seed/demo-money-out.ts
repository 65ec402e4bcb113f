import type { FastifyInstance } from 'fastify';
import { actorAuditOf } from '../features/audit/index.ts';
import { deactivateBankAccount, seedDemoSettlementAccounts } from '../features/banks/index.ts';
import { listWallets } from '../features/money/index.ts';
import { setEmailVerified, setUserStatus } from '../features/users/index.ts';
import type { Actor } from '../types.ts';
import { seedDemoPayouts } from './demo-payouts.ts';
import type { DatedHistory } from './demo-timeline.ts';

/**
 * The demo merchant's way out for its money: three settlement accounts added when it started (`since`), KYC done, and payouts
 * of a few per cent of the balance through the real service: one to the old Access Bank account that came back "account closed" (that account then
 * deactivated), six to the GTBank account and one to the Dollar account, all settled. `upTo` runs the rest of the
 * demo's dated history (its team's activity) up to each payout, and up to now before the deactivation.
 */
export async function seedDemoMoneyOut(
  app: FastifyInstance,
  userId: string,
  since: Date,
  upTo: DatedHistory = async () => undefined,
) {
  const { deps } = app;
  const db = deps.database.db;
  const accounts = await seedDemoSettlementAccounts(deps, userId, since);
  // A merchant who has been paid out for months has verified its email and its business.
  await setUserStatus(db, userId, 'ACTIVE');
  await setEmailVerified(db, userId);
  const owned = await listWallets(db, userId);
  const walletIn = (currency: string) => owned.find((wallet) => wallet.currency === currency)?.id ?? '';
  const naira = { walletId: walletIn('NGN'), bankAccountId: accounts.naira };
  const nairaPayouts: [daysAgo: number, share: number][] = [
    [48, 0.03],
    [34, 0.018],
    [21, 0.024],
    [14, 0.012],
    [7, 0.021],
    [2, 0.016],
  ];
  await seedDemoPayouts(
    deps,
    app.log,
    userId,
    [
      { walletId: walletIn('NGN'), bankAccountId: accounts.closed, share: 0.025, daysAgo: 62 },
      ...nairaPayouts.map(([daysAgo, share]) => ({ ...naira, share, daysAgo })),
      { walletId: walletIn('USD'), bankAccountId: accounts.dollar, share: 0.03, daysAgo: 18 },
    ],
    upTo,
  );
  const owner: Actor = {
    ownerId: userId,
    actingUserId: userId,
    via: 'session',
    personId: userId,
    role: 'owner',
    apiKeyPrefix: null,
  };
  // Deactivated now, after the rest of the dated history (the audit trail's order is its time order).
  await upTo(new Date());
  await deactivateBankAccount(deps, owner, accounts.closed, actorAuditOf(owner));
}
