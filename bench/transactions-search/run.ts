// Transaction search at a million rows: HTTP latency of the API against the bare SQL of the same queries.
// See README.md beside this file. Run: npm run bench (from the repository root).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FEE_SCHEDULE } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { verifyLedger } from '../../apps/api/src/features/money/ledger/ledger.verify.ts';
import { seedMerchant } from '../../apps/api/src/seed/seed-merchant.ts';
import { indexesInPlan, usageBetween, usageSnapshot } from '../checkout/index-usage.ts';
import { captureSearchSql, measureHttp, measureSql } from './measure.ts';
import { type Row, renderResults } from './report.ts';
import { SCENARIOS } from './scenarios.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'small-rows': { type: 'string', default: '10000' },
    others: { type: 'string', default: '10' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,4' },
    'server-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    database: { type: 'string', default: 'bizdash_bench' },
    reuse: { type: 'boolean', default: false },
    port: { type: 'string', default: '4410' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/transactions-search.md') },
  },
});
const rows = Number(args.rows);
const levels = String(args.connections).split(',').map(Number);
const smallRows = Number(args['small-rows']);
const PASSWORD = 'Bench!Merchant2026';
const BIG = 'bench-big@bizdash.local';
const SMALL = 'bench-small@bizdash.local';

function databaseUrl(name: string) {
  const url = new URL(String(args['server-url']));
  url.pathname = `/${name}`;
  return url.toString();
}

async function prepareDatabase(name: string) {
  const admin = new pg.Client({ connectionString: String(args['server-url']) });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!(args.reuse && exists)) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  return args.reuse && exists;
}

async function load(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  const started = performance.now();
  const seed = (email: string, transactions: number, seedNumber: number, label: string) =>
    seedMerchant(database.db, {
      email,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: label,
      businessName: `Bench ${label}`,
      businessDescription: `Bench ${label}: generated sales and their card fees.`,
      transactions,
      feeSchedule: DEFAULT_FEE_SCHEDULE,
      days: 90,
      seed: seedNumber,
      batchSize: 4000, // 14 parameters a row: 5,000 rows pass PostgreSQL's 65,535 per statement
      onProgress: (done) => process.stdout.write(`\r  ${label}: ${done.toLocaleString('en')} transactions`),
    });
  await seed(BIG, rows, 1, 'big merchant');
  process.stdout.write('\n');
  await seed(SMALL, smallRows, 2, 'small merchant');
  process.stdout.write('\n');
  for (let index = 0; index < Number(args.others); index += 1) {
    await seed(`bench-other-${index}@bizdash.local`, smallRows, 100 + index, `other merchant ${index + 1}`);
  }
  process.stdout.write('\n');
  // What autovacuum does after a bulk load on a production server (it is off on some bench machines): besides the
  // statistics, VACUUM moves the trigram index's pending entries into the index, which ANALYZE alone does not; left
  // there, every text search reads them and a common word's plan turned to a full scan (45 ms instead of 5, ADR 066).
  await database.db.execute(sql`vacuum analyze`);
  const seconds = (performance.now() - started) / 1000;
  await database.close();
  return seconds;
}

async function startServer(url: string) {
  const root = path.resolve(import.meta.dirname, '../..');
  const server = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(args.port),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATA_DIR: path.join(os.tmpdir(), 'bizdash-bench'),
    },
  });
  const base = `http://127.0.0.1:${args.port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { server, base };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the API did not start');
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token, userId } = (await response.json()) as { token: string; userId: string };
  const wallets = (await (
    await fetch(`${base}/api/wallets`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    wallets: { walletId: string; currency: string }[];
  };
  const ngnWallet = wallets.wallets.find((wallet) => wallet.currency === 'NGN')?.walletId as string;
  return { token, userId, ngnWallet };
}

const name = String(args.database);
const reused = await prepareDatabase(name);
const url = databaseUrl(name);
const loadSeconds = reused ? null : await load(url);
const { server, base } = await startServer(url);
const results: Row[] = [];
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const usageBefore = await usageSnapshot(admin, ['transactions']);
let verifySeconds = 0;
let verifyOk = false;
try {
  const big = await signIn(base, BIG);
  const small = await signIn(base, SMALL);
  // The first scenario must not pay for the server's JIT, pool connections and prepared statements.
  const warmUp = SCENARIOS[0]?.request(big.ngnWallet);
  if (warmUp) await measureHttp(base, big.token, warmUp, { duration: 10, connections: 2 });
  for (const connections of levels) {
    const pool = new pg.Pool({ connectionString: url, max: connections * 3 });
    const measure = { duration: Number(args.duration), connections };
    for (const scenario of SCENARIOS) {
      process.stdout.write(`  measuring at ${connections} connection(s): ${scenario.name}\n`);
      const bigRequest = scenario.request(big.ngnWallet);
      const smallRequest = scenario.request(small.ngnWallet);
      const queries = await captureSearchSql(url, big.userId, bigRequest);
      const indexes = new Set<string>();
      for (const query of queries) {
        for (const index of await indexesInPlan(admin, query.text, query.params)) indexes.add(index);
      }
      results.push({
        indexes: [...indexes],
        scenario: scenario.name,
        connections,
        http: await measureHttp(base, big.token, bigRequest, measure),
        sql: await measureSql(pool, queries, measure),
        smallHttp: await measureHttp(base, small.token, smallRequest, measure),
      });
    }
    await pool.end();
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  const started = performance.now();
  verifyOk = (await verifyLedger(database.db)).ok;
  verifySeconds = (performance.now() - started) / 1000;
  await database.close();
} finally {
  server.kill('SIGTERM');
}
// The API's connections report their counters as they end.
await once(server, 'exit');
await new Promise((resolve) => setTimeout(resolve, 1_000));
const indexUsage = usageBetween(usageBefore, await usageSnapshot(admin, ['transactions']));
await admin.end();

const markdown = renderResults({
  rows,
  smallRows,
  others: Number(args.others),
  loadSeconds,
  verifySeconds,
  verifyOk,
  duration: Number(args.duration),
  levels,
  results,
  indexUsage,
});
await writeFile(String(args.out), markdown);
console.log(markdown);
