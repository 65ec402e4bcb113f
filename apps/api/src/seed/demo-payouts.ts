import type { FastifyBaseLogger } from 'fastify';
import { apiKeyDetailsFor, createKeyAuthenticator } from '../features/api-keys/index.ts';
import { actorAuditOf } from '../features/audit/index.ts';
import { backdatePayoutMovements, findOwnedWallet, settledBalanceAt } from '../features/money/index.ts';
import { advanceDuePayouts, backdatePayoutById, createPayout } from '../features/payouts/index.ts';
import { deleteEventsByPayoutId } from '../jobs/recorded-events.ts';
import { atMoment } from '../lib/clock.ts';
import type { Actor, AppDeps } from '../types.ts';
import type { DatedHistory } from './demo-timeline.ts';

interface DemoPayout {
  walletId: string;
  bankAccountId: string;
  /** Share of what the wallet held at that moment (0-1), rounded down to a whole 1,000 (₦10 or $10). */
  share: number;
  daysAgo: number;
}

const MINUTE = 60_000;

/**
 * The demo's payouts are sent by the business's back office through its API key as it stands at each payout's
 * moment (the team's developer generated it, and later rolled it): the audit trail names that key by its prefix.
 */
async function backOfficeActor(deps: AppDeps, userId: string): Promise<Actor> {
  const { apiKey } = await apiKeyDetailsFor(deps, userId, 'session');
  const holder = apiKey ? await createKeyAuthenticator(deps)(apiKey) : null;
  if (!holder)
    throw new Error('The demo payouts need the business API key: its team history generates it first');
  return {
    ownerId: holder.ownerId,
    actingUserId: holder.actingUserId,
    via: 'api_key',
    personId: null,
    role: null,
    apiKeyPrefix: holder.keyPrefix,
  };
}

/**
 * What to pay out of the wallet at `at`: a share of what its settled history held then (the seed's earlier payouts
 * included), within the day's limit, in whole thousands of minor units.
 */
async function amountAt(deps: AppDeps, userId: string, step: DemoPayout, at: Date) {
  const db = deps.database.db;
  const wallet = await findOwnedWallet(db, userId, step.walletId);
  if (!wallet) throw new Error(`demo payout: no wallet ${step.walletId}`);
  const balance = await settledBalanceAt(db, step.walletId, at);
  const wanted = Math.min(balance * step.share, deps.config.payouts.dailyLimits[wallet.currency]);
  return Math.floor(wanted / 1_000) * 1_000;
}

/**
 * Moves one settled payout (and its fee, and a reversal's rows) to the day it happened: the transactions' times
 * (their daily totals follow by trigger) and the payout's. Its events go: the demo's history, like its seeded
 * sales, did not happen in front of the notifications and webhooks.
 */
async function backdate(deps: AppDeps, payoutId: string, at: Date, settledAfterMs: number) {
  const settledAt = new Date(at.getTime() + settledAfterMs);
  await deps.database.db.transaction(async (tx) => {
    const movements = await backdatePayoutById(tx, payoutId, { at, settledAt });
    await backdatePayoutMovements(tx, movements, { at, settledAt });
    await deleteEventsByPayoutId(tx, payoutId);
  });
}

/**
 * The demo merchant's payouts (npm run seed), made the way a merchant's server makes them (an API key: no
 * confirmation step) through the real service, ledger and sandbox rail, then moved back to the days they happened.
 * One at a time, oldest first, so each sees the balance and daily limit the ones before left; `upTo` runs the rest
 * of the demo's dated history up to each payout's moment first, so the audit trail is written in time order.
 */
export async function seedDemoPayouts(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  plan: DemoPayout[],
  upTo: DatedHistory = async () => undefined,
) {
  const ordered = [...plan].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [index, step] of ordered.entries()) {
    // Mid-morning, Lagos time, a few minutes apart so no two share a moment.
    const at = new Date(Date.now() - step.daysAgo * 86_400_000);
    at.setUTCHours(8, 15 + index * 7, 0, 0);
    await upTo(at);
    const actor = await backOfficeActor(deps, userId);
    // Its audit entry at the moment it was made, after whatever the rest of the demo did before it.
    const payout = await atMoment(at, async () => {
      const made = await createPayout(
        deps,
        actor,
        {
          walletId: step.walletId,
          bankAccountId: step.bankAccountId,
          amount: await amountAt(deps, userId, step, at),
        },
        actorAuditOf(actor),
      );
      // The sandbox rail answers on the first check after sending; ask it now rather than in a few seconds.
      await advanceDuePayouts(deps, log, new Date(Date.now() + MINUTE));
      return made;
    });
    const settledAfter = payout.currency === 'USD' ? 26 * 60 * MINUTE : 4 * MINUTE;
    await backdate(deps, payout.id, at, settledAfter);
  }
}
