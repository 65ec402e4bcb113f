// API: CPU per authenticated request, against a bare Fastify route measured in the same run.
// See README.md beside this file. Run: npm run bench:api (from the repository root).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FEE_SCHEDULE } from '@bizdash/shared';
import Fastify from 'fastify';
import { seedMerchant } from '../../apps/api/src/seed/seed-merchant.ts';
import { profileDuring, summarize } from '../checkout/profile.ts';
import { machineLine } from '../checkout/report.ts';
import { benchDatabase, startApi } from '../checkout/setup.ts';
import type { LoadRequest } from './load-worker.ts';
import { type Cell, measure } from './measure.ts';
import { type ApiResults, renderApiResults } from './report.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    'warm-up': { type: 'string', default: '3' },
    transactions: { type: 'string', default: '10000' },
    'server-url': {
      type: 'string',
      default: process.env.BENCH_SERVER_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    shared: { type: 'string' },
    note: { type: 'string' },
    // LOG_LEVEL's default, as `npm start` runs: one line per request.
    'log-level': { type: 'string', default: 'info' },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results/api.md') },
  },
});
const connections = Number(args.connections);
const duration = Number(args.duration);
const log = (line: string) => process.stdout.write(`${line}\n`);
const PASSWORD = 'Bench!Passw0rd';

/** The cheapest route Fastify can serve: the ceiling every API route is measured against. */
async function startBareRoute() {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  return { bare, base: await bare.listen({ host: '127.0.0.1', port: 0 }) };
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

const database = await benchDatabase(undefined, String(args['server-url']));
// The API's log lines go where stdout would take them, a file here, so the bench's own output stays readable.
const logFile = path.join(os.tmpdir(), `bizdash-bench-api-${Date.now()}.log`);
const logLevel = String(args['log-level']);
const { app, base, db } = await startApi(database.url, 10, { level: logLevel, file: logFile });
const { bare, base: bareBase } = await startBareRoute();
try {
  const email = 'bench-api@bizdash.local';
  log(`loading ${args.transactions} transactions…`);
  const { userId } = await seedMerchant(db, {
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Api',
    businessName: 'Bench Api Ltd',
    businessDescription: 'Bench api: generated sales and their card fees.',
    feeSchedule: DEFAULT_FEE_SCHEDULE,
    transactions: Number(args.transactions),
    days: 90,
    seed: 7,
  });
  const headers = { authorization: `Bearer ${await signIn(base, email)}` };
  const scenarios: { name: string; request: Omit<LoadRequest, 'connections' | 'duration'> }[] = [
    { name: 'bare Fastify route', request: { url: `${bareBase}/bare`, method: 'GET', headers: {} } },
    {
      name: 'GET /api/users/{id}',
      request: { url: `${base}/api/users/${userId}`, method: 'GET', headers },
    },
    {
      name: 'first-page search',
      request: {
        url: `${base}/api/transaction/search?page=1&size=10`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      },
    },
  ];
  log('warming up…');
  for (const { request } of scenarios) {
    await measure({ ...request, connections, duration: Number(args['warm-up']) });
  }
  const cells = new Map<string, Cell[]>();
  const profiles: string[] = [];
  const profileDir = path.join(os.tmpdir(), `bizdash-bench-api-${Date.now()}`);
  if (args['cpu-prof']) await mkdir(profileDir, { recursive: true });
  // The machine's 1-minute load average as the rounds start and end: what else ran beside the bench.
  const loadBefore = os.loadavg()[0] ?? 0;
  // Round by round, every scenario once: a machine that gets busier falls on all of them alike.
  for (let round = 0; round < Number(args.rounds); round += 1) {
    for (const { name, request } of scenarios) {
      const run = () => measure({ ...request, connections, duration });
      const profiled = args['cpu-prof'] && name !== scenarios[0]?.name;
      const file = path.join(profileDir, `${name.replace(/\W+/g, '-')}-${round}.cpuprofile`);
      const cell = profiled ? await profileDuring(file, run) : await run();
      if (profiled) profiles.push(file);
      cells.set(name, [...(cells.get(name) ?? []), cell]);
      log(`${name} (round ${round + 1}): ${cell.perSecond.toFixed(0)}/s, p95 ${cell.p95} ms`);
    }
  }
  const results: ApiResults = {
    date: new Date().toISOString(),
    machine: machineLine(),
    connections,
    duration,
    rounds: Number(args.rounds),
    transactions: Number(args.transactions),
    logLevel,
    load: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    shared: args.shared,
    note: args.note,
    cells: [...cells].map(([name, runs]) => ({ name, runs })),
    profile: profiles.length > 0 ? await summarize(profiles, profileDir) : undefined,
  };
  const out = path.resolve(String(args.out));
  await writeFile(out, renderApiResults(results));
  await writeFile(out.replace(/\.md$/, '.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`\nwritten to ${out}`);
} finally {
  await bare.close();
  await app.close();
  await database.drop();
  await rm(logFile, { force: true });
}
