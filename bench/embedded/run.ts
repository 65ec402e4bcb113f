// The embedded database: first-page transaction search on PGlite against PostgreSQL with the same data, and the
// idle memory of the started server on PGlite. See README.md beside this file. Run: npm run bench:embedded.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FEE_SCHEDULE, TransactionSearchFilterSchema } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/api/src/db/client.ts';
import { search } from '../../apps/api/src/features/money/transactions/transactions.service.ts';
import { seedMerchant } from '../../apps/api/src/seed/seed-merchant.ts';
import { SCENARIOS, type Scenario } from '../transactions-search/scenarios.ts';
import { measureIdleMemory } from './memory.ts';
import { renderResults, type SearchRow } from './report.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '200' },
    settle: { type: 'string', default: '60' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'bizdash-embedded-bench') },
    'server-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    database: { type: 'string', default: 'bizdash_embedded_bench' },
    reuse: { type: 'boolean', default: false },
    port: { type: 'string', default: '4420' },
    note: { type: 'string' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/embedded.md') },
  },
});
const rows = Number(args.rows);
const dataDir = String(args['data-dir']);
const MERCHANT = { email: 'bench-embedded@bizdash.local', password: 'Bench!Merchant2026' };

function databaseUrl() {
  const url = new URL(String(args['server-url']));
  url.pathname = `/${args.database}`;
  return url.toString();
}

/** The merchant's history through the seed's bulk loader (the ledger, counters and all), as `npm run seed` does. */
async function load(database: Database) {
  const started = performance.now();
  await seedMerchant(database.db, {
    ...MERCHANT,
    firstName: 'Bench',
    lastName: 'Embedded',
    businessName: 'Bench Embedded',
    businessDescription: 'Bench embedded: generated sales and their card fees.',
    feeSchedule: DEFAULT_FEE_SCHEDULE,
    transactions: rows,
    days: 90,
    seed: 1,
    batchSize: 4000, // 14 parameters a row: 5,000 rows pass PostgreSQL's 65,535 per statement
    onProgress: (done) =>
      process.stdout.write(`\r  ${database.kind}: ${done.toLocaleString('en')} transactions`),
  });
  process.stdout.write('\n');
  return (performance.now() - started) / 1000;
}

async function openPostgres() {
  const admin = new pg.Client({ connectionString: String(args['server-url']) });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [args.database])).rowCount === 1;
  if (!(args.reuse && exists)) {
    await admin.query(`drop database if exists ${args.database} with (force)`);
    await admin.query(`create database ${args.database}`);
  }
  const autovacuum = (await admin.query<{ autovacuum: string }>('show autovacuum')).rows[0]?.autovacuum;
  const version =
    (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  await admin.end();
  const database = await openDatabase({ databaseUrl: databaseUrl(), dataDir: null });
  const loadSeconds = args.reuse && exists ? null : await load(database);
  // What autovacuum gives a production server once the load is done (it is off on some machines, this one too).
  await database.db.execute(sql`vacuum analyze`);
  return { database, loadSeconds, autovacuum: autovacuum ?? '?', version };
}

async function openPglite() {
  if (!args.reuse) await rm(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir });
  const [existing] = (
    (await database.db.execute(sql`select 1 from users where email = ${MERCHANT.email}`)) as unknown as {
      rows: unknown[];
    }
  ).rows;
  // Nothing more than the app itself does: what PGlite's planner knows is what the product gave it.
  const loadSeconds = existing ? null : await load(database);
  if (existing) return { database, loadSeconds };
  // Opened again, as npm start opens what npm run seed wrote (the open's upkeep included, ADR 066).
  await database.close();
  return { database: await openDatabase({ dataDir }), loadSeconds };
}

async function merchantOf(database: Database) {
  const result = (await database.db.execute(
    sql`select u.id as "userId", w.id as "walletId" from users u join wallets w on w.user_id = u.id
        where u.email = ${MERCHANT.email} and w.currency = 'NGN'`,
  )) as unknown as { rows: { userId: string; walletId: string }[] };
  const [merchant] = result.rows;
  if (!merchant) throw new Error('the bench merchant is missing');
  return merchant;
}

/** One search as GET /api/transaction/search runs it (page, count and wallet check), timed `samples` times. */
async function timeSearch(database: Database, request: Scenario['request']) {
  const { userId, walletId } = await merchantOf(database);
  const { page, size, body } = request(walletId);
  const filter = TransactionSearchFilterSchema.parse(body);
  const once = () => search(database.db, userId, filter, { page, size });
  for (let index = 0; index < 20; index += 1) await once();
  const samples: number[] = [];
  for (let index = 0; index < Number(args.samples); index += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return samples;
}

const loadAtStart = os.loadavg()[0] ?? 0;
const firstPages = SCENARIOS.filter((scenario) => scenario.request('').page === 1);
const postgres = await openPostgres();
const pglite = await openPglite();
const results: SearchRow[] = [];
try {
  for (const scenario of firstPages) {
    process.stdout.write(`  measuring: ${scenario.name}\n`);
    results.push({
      scenario: scenario.name,
      pglite: await timeSearch(pglite.database, scenario.request),
      postgres: await timeSearch(postgres.database, scenario.request),
    });
  }
} finally {
  await pglite.database.close();
  await postgres.database.close();
}

process.stdout.write(`  idle memory of the started server (settling ${args.settle} s)\n`);
const memory = await measureIdleMemory({
  dataDir,
  port: Number(args.port),
  settleSeconds: Number(args.settle),
  signIn: MERCHANT,
  scenarios: firstPages,
});

const report = {
  date: new Date().toISOString(),
  note: args.note ?? null,
  rows,
  samples: Number(args.samples),
  pgliteLoadSeconds: pglite.loadSeconds,
  postgresLoadSeconds: postgres.loadSeconds,
  postgresVersion: postgres.version,
  postgresAutovacuum: postgres.autovacuum,
  load: { atStart: loadAtStart, atEnd: os.loadavg()[0] ?? 0 },
  search: results,
  memory,
};
const { markdown, json } = renderResults(report);
await writeFile(String(args.out), markdown);
await writeFile(String(args.out).replace(/\.md$/, '.json'), `${JSON.stringify(json, null, 2)}\n`);
console.log(markdown);
