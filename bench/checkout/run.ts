// Checkout: approved card payments per second through the real API, against a replay of the payment's own SQL.
// See README.md beside this file. Run: npm run bench:checkout (from the repository root).

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { verifyLedger } from '../../apps/api/src/features/money/index.ts';
import { type DrainCell, measureSlices, measureWithDrain, startAsStarted } from './as-started.ts';
import { type Capture, captureStatements, profile } from './capture.ts';
import { usageBetween, usageSnapshot } from './index-usage.ts';
import { type Bounds, measureHttp, measureReplay } from './measure.ts';
import { profileDuring, summarize } from './profile.ts';
import { buildTemplate, type ReplayTemplate } from './replay.ts';
import { machineLine, type Results, type Row, renderResults, type Scenario } from './report.ts';
import { benchDatabase, insertSellers, type Seller, startApi } from './setup.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    'max-payments': { type: 'string', default: '4000' },
    connections: { type: 'string', default: '1,8,32' },
    merchants: { type: 'string', default: '50' },
    'pool-size': { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '3' },
    /** Connections of the headline cells (npm start's configuration); their burst lasts --duration. */
    'as-started-connections': { type: 'string', default: '8' },
    /** Seconds of one more hot-wallet run (in 10 s slices) on npm start's configuration: does it decay? */
    'hot-run': { type: 'string', default: '60' },
    /** npm start's WEB_CONCURRENCY for the headline (1, its default). */
    'web-concurrency': { type: 'string', default: '1' },
    /** The schema as it was before issue 26 §3 (its migrations undone): the same run's figures to compare with. */
    'before-section-3': { type: 'boolean', default: false },
    'server-url': {
      type: 'string',
      default: process.env.BENCH_SERVER_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    shared: { type: 'string' },
    note: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/checkout.md') },
  },
});
const levels = String(args.connections).split(',').map(Number);
const merchants = Number(args.merchants);
const poolSize = Number(args['pool-size']);
const warmUp = Number(args['warm-up']);
const bounds = (connections: number, duration = Number(args.duration)): Bounds => ({
  connections,
  duration,
  maxRequests: Number(args['max-payments']),
});
const out = path.resolve(String(args.out));
const BODY = JSON.stringify({
  quantity: 1,
  customerName: 'Chioma Eze',
  customerEmail: 'chioma@example.com',
  card: { number: '4242424242424242', expiry: '12/40', cvv: '123' },
});
const withoutResults = (statements: Capture['statements']) =>
  statements.map(({ result: _result, ...rest }) => rest);
/** Migrations 0040 and 0041 (issue 26 §3) undone: their indexes back, every fillfactor at the default. */
const SCHEMA_BEFORE_SECTION_3 = `
  create index checkout_payments_product_idx on checkout_payments (product_id);
  create index email_outbox_status_idx on email_outbox (status, created_at);
  alter table email_outbox reset (fillfactor);
  alter table event_deliveries reset (fillfactor);
  alter table wallets reset (fillfactor);
  alter table products reset (fillfactor);`;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function pay(base: string, productId: string) {
  const response = await fetch(`${base}/api/checkout/products/${productId}/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
    body: BODY,
  });
  const payment = (await response.json()) as { status?: string };
  if (response.status !== 201 || payment.status !== 'SUCCESSFUL') {
    throw new Error(`a sandbox card payment was not approved: ${response.status} ${JSON.stringify(payment)}`);
  }
}

/** Three payments of the seller's product, one at a time: the third is the template, the second tells what varies. */
async function captureSeller(base: string, seller: Seller) {
  const captures: Capture[] = [];
  for (let index = 0; index < 3; index += 1)
    captures.push(await captureStatements(() => pay(base, seller.productId)));
  const [, second, third] = captures as [Capture, Capture, Capture];
  return { capture: third, template: buildTemplate(third, second) };
}

const startedAt = new Date();
// The machine's 1-minute load average as the run starts and ends: what else ran beside the bench.
const loadBefore = os.loadavg()[0] ?? 0;
const database = await benchDatabase(process.env.DATABASE_URL, String(args['server-url']));
log(`database: ${database.throwaway ? 'a throwaway one, dropped afterwards' : 'DATABASE_URL'}`);
const api = await startApi(database.url, poolSize);
const floorPool = new pg.Pool({ connectionString: database.url, max: poolSize });
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
try {
  if (args['before-section-3']) {
    log('the schema before issue 26 §3: migrations 0040 and 0041 undone');
    await admin.query(SCHEMA_BEFORE_SECTION_3);
  }
  log(`set-up: ${merchants} merchants and one hot wallet`);
  const spread = await insertSellers(api.db, merchants, 'spread');
  const [hot] = await insertSellers(api.db, 1, 'hot');
  if (!hot) throw new Error('no hot seller');

  log('capturing the statements of approved payments (three per product)');
  const templates = new Map<string, ReplayTemplate>();
  let hotCapture: Capture | null = null;
  for (const seller of [...spread, hot]) {
    const { capture, template } = await captureSeller(api.base, seller);
    templates.set(seller.productId, template);
    if (seller === hot) hotCapture = capture;
  }
  if (!hotCapture) throw new Error('no capture');
  const paymentProfile = profile(hotCapture.statements);
  log(
    `one approved payment: ours ${JSON.stringify(paymentProfile.ours)}; sandbox ${JSON.stringify(paymentProfile.sandbox)}`,
  );
  // The capture's payments left deliveries (this API runs no jobs): handled here, one payment's captured with them.
  await api.app.deps.jobs.runDueEvents();
  const payment = await captureStatements(() => pay(api.base, hot.productId));
  const deliveries = await captureStatements(async () => {
    await api.app.deps.jobs.runDueEvents();
  });
  // Units are numbered per capture: the deliveries' are moved past the payment's.
  const deliveriesProfile = profile([
    ...payment.statements,
    ...deliveries.statements.map((statement) => ({ ...statement, unit: statement.unit + 1_000_000 })),
  ]);
  log(`one approved payment with its deliveries: ours ${JSON.stringify(deliveriesProfile.ours)}`);

  const autovacuum =
    (await admin.query<{ autovacuum: string }>('show autovacuum')).rows[0]?.autovacuum ?? '?';
  const postgres =
    (await admin.query<{ v: string }>("select split_part(version(), ' (', 1) as v")).rows[0]?.v ?? '';
  log(`autovacuum is ${autovacuum} on this server: VACUUM ANALYZE`);
  await admin.query('vacuum analyze');

  const scenarios: Record<Scenario, { productIds: string[]; templates: ReplayTemplate[] }> = {
    spread: {
      productIds: spread.map((seller) => seller.productId),
      templates: spread.map((seller) => templates.get(seller.productId) as ReplayTemplate),
    },
    hot: { productIds: [hot.productId], templates: [templates.get(hot.productId) as ReplayTemplate] },
  };
  log(`warm-up: ${warmUp} s of payments over HTTP and ${warmUp} s of the replay`);
  await measureHttp(api.base, scenarios.spread.productIds, BODY, bounds(8, warmUp));
  await measureReplay(floorPool, scenarios.spread.templates, bounds(8, warmUp));

  const asStarted: Record<Scenario, DrainCell[]> = { spread: [], hot: [] };
  let hotRun: Awaited<ReturnType<typeof measureSlices>> = [];
  log(
    `npm start's configuration (jobs on, default log level, WEB_CONCURRENCY=${args['web-concurrency']}) in a process of its own`,
  );
  await api.app.deps.jobs.runDueEvents();
  const usageBefore = await usageSnapshot(admin);
  const started = await startAsStarted(database.url, Number(args['web-concurrency']));
  try {
    await measureHttp(started.base, scenarios.spread.productIds, BODY, bounds(8, warmUp));
    for (const scenario of ['spread', 'hot'] as const) {
      for (const connections of String(args['as-started-connections']).split(',').map(Number)) {
        log(`  ${scenario} at ${connections} connection(s), then the drain of its deliveries`);
        const cell = await measureWithDrain(
          admin,
          started,
          scenarios[scenario].productIds,
          BODY,
          connections,
          Number(args.duration),
        );
        log(
          `  request path ${cell.app.perSecond.toFixed(0)}/s; ${cell.backlogAtEnd} deliveries waiting, drained in ${cell.drainSeconds.toFixed(1)} s; ${cell.perSecondWithDrain.toFixed(0)}/s with the drain; ${cell.writeTransactionsPerPayment.toFixed(1)} write transactions and ${(cell.walBytesPerPayment / 1024).toFixed(1)} KiB of WAL per payment; CPU ms per payment ${JSON.stringify(cell.cpuMsPerPayment)}`,
        );
        asStarted[scenario].push(cell);
      }
    }
    log(`  one hot wallet for ${args['hot-run']} s at 8 connections, in 10 s slices`);
    hotRun = await measureSlices(started, scenarios.hot.productIds, BODY, 8, Number(args['hot-run']));
    log(
      `  ${hotRun.map((slice) => `${slice.perSecond.toFixed(0)}/s (CPU ms per payment: server ${slice.cpuMsPerPayment.server.toFixed(1)}, PostgreSQL ${slice.cpuMsPerPayment.postgres.toFixed(1)})`).join(', ')}`,
    );
  } finally {
    await started.stop();
  }
  // The stopped server's connections report their counters as they end.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const indexUsage = usageBetween(usageBefore, await usageSnapshot(admin));

  const countPayments = async () =>
    Number((await admin.query<{ n: string }>('select count(*) as n from checkout_payments')).rows[0]?.n);
  /** Requests cut off at the end of a cell may still be running in the API: wait until the database is quiet. */
  const settle = async () => {
    let quiet = 0;
    let last = -1;
    for (let attempt = 0; attempt < 240 && quiet < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const busy = Number(
        (
          await admin.query<{ n: string }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and state not in ('idle') and pid <> pg_backend_pid()",
          )
        ).rows[0]?.n,
      );
      const count = await countPayments();
      quiet = busy === 0 && count === last ? quiet + 1 : 0;
      last = count;
    }
  };
  const rows: Row[] = [];
  const profileDir = path.join(os.tmpdir(), `bizdash-checkout-profiles-${startedAt.getTime()}`);
  const profiles: string[] = [];
  if (args['cpu-prof']) await mkdir(profileDir, { recursive: true });
  for (const scenario of ['spread', 'hot'] as const) {
    for (const connections of levels) {
      log(`measuring ${scenario} at ${connections} connection(s): API, then the replay floor`);
      const measureApp = () =>
        measureHttp(api.base, scenarios[scenario].productIds, BODY, bounds(connections));
      const file = path.join(profileDir, `api-${scenario}-${connections}.cpuprofile`);
      const app = args['cpu-prof'] ? await profileDuring(file, measureApp) : await measureApp();
      if (args['cpu-prof']) profiles.push(file);
      await settle();
      const before = await countPayments();
      const floor = await measureReplay(floorPool, scenarios[scenario].templates, bounds(connections));
      const written = (await countPayments()) - before;
      if (written !== floor.payments) {
        throw new Error(`the replay wrote ${written} payments for ${floor.payments} iterations`);
      }
      log(
        `  API ${app.perSecond.toFixed(0)}/s p50 ${app.p50.toFixed(1)} p95 ${app.p95.toFixed(1)} p99 ${app.p99.toFixed(1)} ms; floor ${floor.perSecond.toFixed(0)}/s p50 ${floor.p50.toFixed(1)} p95 ${floor.p95.toFixed(1)} ms`,
      );
      rows.push({ scenario, connections, app, floor });
    }
  }
  const profileSummary = args['cpu-prof'] ? await summarize(profiles, profileDir) : null;

  log('ledger:verify');
  const verifyStarted = performance.now();
  const ledger = await verifyLedger(api.db);
  const verifySeconds = (performance.now() - verifyStarted) / 1000;
  const unsuccessful = Number(
    (
      await admin.query<{ n: string }>(
        "select count(*) as n from transactions where transaction_channel = 'CARD' and transaction_status <> 'SUCCESSFUL'",
      )
    ).rows[0]?.n,
  );

  const results: Results = {
    startedAt: startedAt.toISOString(),
    machine: machineLine(),
    load: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    shared: args.shared ? String(args.shared) : null,
    note: args.note ? String(args.note) : null,
    node: process.version,
    postgres,
    autovacuum,
    merchants,
    poolSize,
    duration: Number(args.duration),
    maxRequests: Number(args['max-payments']),
    warmUp,
    profile: paymentProfile,
    deliveriesProfile,
    deliveryStatements: deliveries.statements,
    asStarted,
    hotRun,
    webConcurrency: Number(args['web-concurrency']),
    indexUsage,
    statements: hotCapture.statements,
    rows,
    ledger: {
      ok: ledger.ok,
      seconds: verifySeconds,
      checks: ledger.checks.map(({ name, checked, violations }) => ({ name, checked, violations })),
    },
    unsuccessfulPayments: unsuccessful,
    cpuProfile: profileSummary,
  };
  const markdown = renderResults(results);
  await writeFile(out, markdown);
  await writeFile(
    out.replace(/\.md$/, '.json'),
    `${JSON.stringify({ ...results, statements: withoutResults(results.statements), deliveryStatements: withoutResults(results.deliveryStatements) }, null, 2)}\n`,
  );
  log(markdown);
  if (!ledger.ok) process.exitCode = 1;
} finally {
  await admin.end();
  await floorPool.end();
  await api.app.close();
  await database.drop();
}
