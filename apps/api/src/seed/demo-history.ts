import type { FastifyInstance } from 'fastify';
import { seedDemoMoneyBack } from './demo-money-back.ts';
import { seedDemoMoneyOut } from './demo-money-out.ts';
import { seedPendingPayments } from './demo-payments.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoTeam } from './demo-team.ts';

/**
 * What the demo merchant did besides selling (npm run seed, after seedMerchant made it): a few products, two
 * payments in progress, its team and their three months of activity, settlement accounts and payouts (the team's
 * dated activity runs between them, so every audit chain is written in time order), then refunds and disputes.
 * Answers the team, for the seed to print.
 */
export async function seedDemoHistory(
  app: FastifyInstance,
  demo: { userId: string; historyStart: Date },
  owner: { email: string; password: string },
) {
  const { db } = app.deps.database;
  const [scarf] = await seedDemoProducts(db, demo.userId, demo.historyStart);
  if (scarf) await seedPendingPayments(db, scarf, app.deps.config.checkout.feeSchedule);
  const team = seedDemoTeam(app, { userId: demo.userId, ...owner });
  await seedDemoMoneyOut(app, demo.userId, demo.historyStart, team.upTo);
  const ended = await team.finish();
  if (scarf) await seedDemoMoneyBack(app, demo.userId, scarf);
  return ended;
}
