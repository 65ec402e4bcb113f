// Payouts per second through the payouts service (API-key path: no confirmation step), spread over 50 wallets and
// into one, next to the bare ledger posting of the same legs in the same run (the floor). Then every payout is
// settled by the rail job and ledger:verify runs. Run: npm run bench:payouts (from the repository root).
import { createHmac, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { bankAccounts } from '../../apps/api/src/db/schema/index.ts';
import { actorAuditOf } from '../../apps/api/src/features/audit/index.ts';
import { postTransfersInBulk, verifyLedger } from '../../apps/api/src/features/money/index.ts';
import { advanceDuePayouts } from '../../apps/api/src/features/payouts/payout-rail.service.ts';
import { createPayout } from '../../apps/api/src/features/payouts/payouts.service.ts';
import type { Actor, AppDeps } from '../../apps/api/src/types.ts';
import { machineLine } from './report.ts';
import { benchDatabase, insertSellers, type Seller, startApi } from './setup.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '8,32' },
    merchants: { type: 'string', default: '50' },
    'server-url': {
      type: 'string',
      default: process.env.BENCH_SERVER_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/payouts.md') },
  },
});
const duration = Number(args.duration) * 1_000;
const levels = String(args.connections).split(',').map(Number);
const AMOUNT = 10_000; // ₦100.00, the minimum; its fee is ₦10.00
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Payee extends Seller {
  bankAccountId: string;
}

/** KYC done, a balance no run can spend, and a settlement account past its hold. */
async function prepare(deps: AppDeps, sellers: Seller[]): Promise<Payee[]> {
  const db = deps.database.db;
  const payees: Payee[] = [];
  for (const seller of sellers) {
    await db.execute(sql`update users set status = 'ACTIVE' where id = ${seller.userId}::uuid`);
    await db.transaction((tx) =>
      postTransfersInBulk(tx, [
        {
          postingId: randomUUID(),
          idempotencyKey: `bench-funding:${seller.walletId}`,
          kind: 'ADJUSTMENT',
          description: 'bench funding',
          legs: [
            { account: { walletId: seller.walletId }, currency: 'NGN', amount: 1_000_000_000_000 },
            { account: { system: 'CUSTOMER_FUNDS' }, currency: 'NGN', amount: -1_000_000_000_000 },
          ],
        },
      ]),
    );
    const id = randomUUID();
    const added = new Date(Date.now() - 48 * 3_600_000);
    await db.insert(bankAccounts).values({
      id,
      userId: seller.userId,
      walletId: seller.walletId,
      currency: 'NGN',
      bankName: 'Guaranty Trust Bank',
      bankCode: '058',
      accountHolderName: 'BENCH PAYEE',
      accountType: 'current',
      accountNumberSealed: deps.secretBox.seal('0123456789', `bank-account:${id}`),
      accountNumberLast4: '6789',
      accountNumberHash: createHmac('sha256', 'bench').update(id).digest('hex'),
      source: 'bank_form',
      createdAt: added,
      updatedAt: added,
    });
    payees.push({ ...seller, bankAccountId: id });
  }
  return payees;
}

/** `connections` loops, each doing `work` back to back until the time is up: completions per second and p50/p95. */
async function measure(connections: number, work: (index: number) => Promise<unknown>) {
  const latencies: number[] = [];
  const until = performance.now() + duration;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const begin = performance.now();
        await work(next++);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / seconds, count: latencies.length, p50: at(0.5), p95: at(0.95) };
}

const database = await benchDatabase(process.env.DATABASE_URL, String(args['server-url']));
const api = await startApi(database.url, 10);
const deps = api.app.deps;
const payees = await prepare(deps, await insertSellers(api.db, Number(args.merchants), 'payouts'));
const hot = payees[0] as Payee;
await api.db.execute(sql`vacuum analyze`);

const payout = (payee: Payee) => {
  const actor: Actor = {
    ownerId: payee.userId,
    actingUserId: payee.userId,
    via: 'api_key',
    personId: null,
    role: null,
    apiKeyPrefix: null,
  };
  return createPayout(
    deps,
    actor,
    { walletId: payee.walletId, bankAccountId: payee.bankAccountId, amount: AMOUNT },
    actorAuditOf(actor),
  );
};
// The floor: the same two legs (amount into transit, fee to the house) as one posting, nothing else.
const bareDebit = (payee: Payee) =>
  api.db.transaction((tx) =>
    postTransfersInBulk(
      tx,
      [
        {
          postingId: randomUUID(),
          idempotencyKey: `bench-floor:${randomUUID()}`,
          kind: 'PAYOUT',
          description: 'bench floor',
          legs: [
            { account: { walletId: payee.walletId }, currency: 'NGN', amount: -AMOUNT - 1_000 },
            { account: { system: 'PAYOUTS_IN_TRANSIT' }, currency: 'NGN', amount: AMOUNT },
            { account: { system: 'FEES_EARNED' }, currency: 'NGN', amount: 1_000 },
          ],
        },
      ],
      'PAYOUT',
    ),
  );

const rows: string[] = [];
const json: unknown[] = [];
for (const connections of levels) {
  for (const scenario of ['spread', 'hot'] as const) {
    const pick = (index: number) => (scenario === 'hot' ? hot : (payees[index % payees.length] as Payee));
    const service = await measure(connections, (index) => payout(pick(index)));
    const floor = await measure(connections, (index) => bareDebit(pick(index)));
    const ratio = service.perSecond / floor.perSecond;
    log(
      `${scenario} x${connections}: ${service.perSecond.toFixed(0)}/s (floor ${floor.perSecond.toFixed(0)}/s)`,
    );
    json.push({ scenario, connections, service, floor, ratio });
    rows.push(
      `| ${scenario === 'hot' ? 'one wallet' : `${payees.length} wallets`} | ${connections} | ${service.perSecond.toFixed(0)} | ${service.p50.toFixed(1)} / ${service.p95.toFixed(1)} | ${floor.perSecond.toFixed(0)} | ${ratio.toFixed(2)} |`,
    );
  }
}

// Settle everything on the rail (the sandbox answers a few seconds after sending) and check the books.
let rounds = 0;
while ((await advanceDuePayouts(deps, api.app.log, new Date(Date.now() + 60_000))) > 0) rounds += 1;
const [left] = (
  (await api.db.execute(
    sql`select count(*)::int as n from payouts where status <> 'SUCCESSFUL'`,
  )) as unknown as {
    rows: { n: number }[];
  }
).rows;
const report = await verifyLedger(api.db);
const markdown = [
  '# Payouts per second',
  '',
  `${new Date().toISOString().slice(0, 10)}, ${machineLine()}, PostgreSQL, pool of 10, ${duration / 1_000} s per cell.`,
  '',
  'Payouts through the payouts service as an API key makes them (no confirmation step): the checks, the wallet lock,',
  'one posting of amount and fee, the DEBIT and fee transactions, the payout row and its event, then the hand-over to',
  'the sandbox rail in a second transaction. The floor is the bare ledger posting of the same legs at the same',
  'concurrency. HTTP is not in either (the checkout bench measures it).',
  '',
  '| Into | Concurrency | Payouts/s | p50 / p95 ms | Floor postings/s | Ratio |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows,
  '',
  `Afterwards the rail job settled every payout in ${rounds} rounds; payouts not SUCCESSFUL: ${left?.n ?? '?'}; ledger:verify: ${report.ok ? 'passes' : 'FAILS'} (${report.checks.map((check) => `${check.name}: ${check.violations}`).join('; ')}).`,
  '',
];
await writeFile(String(args.out), markdown.join('\n'));
await writeFile(String(args.out).replace(/\.md$/, '.json'), `${JSON.stringify(json, null, 2)}\n`);
log(markdown.join('\n'));
await api.app.close();
await database.drop();
if (!report.ok) process.exitCode = 1;
