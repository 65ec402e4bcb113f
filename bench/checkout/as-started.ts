// The headline cell: the product as `npm start` runs it (jobs on, the default log level, its own process), and
// how long the deliveries each payment leaves (receipt, notice, webhook) take to drain after a burst.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { npmStartArguments } from '../embedded/memory.ts';
import { cpuSecondsWithChildren, postgresCpuSeconds } from './cpu-time.ts';
import { type Cell, measureHttp } from './measure.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface DrainCell {
  connections: number;
  /** The request path: what the load generator saw during the burst. */
  app: Cell;
  /** Event deliveries waiting when the burst ended. */
  backlogAtEnd: number;
  /** From the end of the burst until no delivery was pending. */
  drainSeconds: number;
  /** Payments over the burst and the drain together: what the process sustains. */
  perSecondWithDrain: number;
  deliveriesDelivered: number;
  deliveriesFailed: number;
  /** Transaction ids PostgreSQL assigned (one per transaction that wrote) per payment, deliveries included. */
  writeTransactionsPerPayment: number;
  walBytesPerPayment: number;
  /** CPU milliseconds per payment over the burst and the drain: npm start's process, PostgreSQL, the load generator. */
  cpuMsPerPayment: { server: number; postgres: number; loadGenerator: number };
}

async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** `npm start`'s server (its command line from package.json) on the bench database: only the rate limits are out of the way. */
export async function startAsStarted(databaseUrl: string, webConcurrency = 1) {
  const port = await freePort();
  // The defaults npm start runs with, whatever this shell sets.
  const { LOG_LEVEL: _logLevel, JOBS_ENABLED: _jobsEnabled, ...environment } = process.env;
  const child: ChildProcess = spawn(process.execPath, npmStartArguments, {
    cwd: root,
    env: {
      ...environment,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(webConcurrency),
      DATA_DIR: path.join(os.tmpdir(), 'bizdash-bench-checkout-started'),
      // A build made elsewhere is served as it is: an empty folder keeps start.mjs from building the web app.
      WEB_DIST_DIR: path.join(os.tmpdir(), 'bizdash-bench-no-web-build'),
      JWT_SECRET: 'bench-checkout-secret-bench-checkout-secret-0123',
      RATE_LIMIT_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '100000000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000000',
    },
    // Its log lines are written as in production, to a stdout nobody reads.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`npm start's server ended: ${errors}`);
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 600) throw new Error(`npm start's server did not answer within a minute: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** CPU seconds so far of the server, every PostgreSQL process, and this process (the load generator's thread in it). */
async function cpuNow(serverPid: number) {
  const { user, system } = process.cpuUsage();
  return {
    server: await cpuSecondsWithChildren(serverPid),
    postgres: await postgresCpuSeconds(),
    loadGenerator: (user + system) / 1e6,
  };
}

const one = async (admin: pg.Client, text: string) =>
  Number((await admin.query<{ n: string }>(text)).rows[0]?.n ?? Number.NaN);

const pendingDeliveries = (admin: pg.Client) =>
  one(admin, "select count(*) as n from event_deliveries where status = 'pending'");

/** A burst of payments at `connections`, then the time until every delivery it left is done. */
export async function measureWithDrain(
  admin: pg.Client,
  server: { base: string; pid: number },
  productIds: string[],
  body: string,
  connections: number,
  duration: number,
): Promise<DrainCell> {
  const payments = () => one(admin, 'select count(*) as n from checkout_payments');
  const wal = () => one(admin, "select pg_current_wal_lsn() - '0/0'::pg_lsn as n");
  const xid = () => one(admin, 'select txid_current() as n');
  const deliveredSince = async (status: string, since: Date) =>
    Number(
      (
        await admin.query<{ n: string }>(
          'select count(*) as n from event_deliveries where status = $1 and created_at >= $2',
          [status, since],
        )
      ).rows[0]?.n,
    );
  while ((await pendingDeliveries(admin)) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const startedAt = new Date(Date.now() - 1000);
  const [paymentsBefore, walBefore, xidBefore] = [await payments(), await wal(), await xid()];
  const cpuBefore = await cpuNow(server.pid);
  const app = await measureHttp(server.base, productIds, body, { connections, duration, maxRequests: 1e9 });
  const burstEnded = performance.now();
  const backlogAtEnd = await pendingDeliveries(admin);
  while ((await pendingDeliveries(admin)) > 0) {
    if (performance.now() - burstEnded > 300_000) throw new Error('deliveries did not drain in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // measureHttp waits 0.5 s after the burst for requests cut off at its end: that is not drain time.
  const drainSeconds = (performance.now() - burstEnded) / 1000 + 0.5;
  const cpuAfter = await cpuNow(server.pid);
  const paid = (await payments()) - paymentsBefore;
  const [walAfter, xidAfter] = [await wal(), await xid()];
  const perPayment = (key: keyof typeof cpuAfter) => ((cpuAfter[key] - cpuBefore[key]) * 1000) / paid;
  return {
    connections,
    app,
    backlogAtEnd,
    drainSeconds,
    perSecondWithDrain: paid / (app.seconds + drainSeconds),
    deliveriesDelivered: await deliveredSince('delivered', startedAt),
    deliveriesFailed: await deliveredSince('dead', startedAt),
    // Two of the ids are this function's own txid_current() calls.
    writeTransactionsPerPayment: (xidAfter - xidBefore - 2) / paid,
    walBytesPerPayment: (walAfter - walBefore) / paid,
    cpuMsPerPayment: {
      server: perPayment('server'),
      postgres: perPayment('postgres'),
      loadGenerator: perPayment('loadGenerator'),
    },
  };
}

/**
 * A long run in back-to-back slices: whether throughput holds or decays as the rows it updates age, and whether what
 * a payment costs the server and PostgreSQL in CPU climbs with it (deliveries drain meanwhile and count in).
 */
export async function measureSlices(
  server: { base: string; pid: number },
  productIds: string[],
  body: string,
  connections: number,
  seconds: number,
  slice = 10,
) {
  const slices: { perSecond: number; cpuMsPerPayment: { server: number; postgres: number } }[] = [];
  for (let done = 0; done < seconds; done += slice) {
    const before = await cpuNow(server.pid);
    const cell = await measureHttp(server.base, productIds, body, {
      connections,
      duration: slice,
      maxRequests: 1e9,
    });
    const after = await cpuNow(server.pid);
    const perPayment = (key: 'server' | 'postgres') => ((after[key] - before[key]) * 1000) / cell.payments;
    slices.push({
      perSecond: cell.perSecond,
      cpuMsPerPayment: { server: perPayment('server'), postgres: perPayment('postgres') },
    });
  }
  return slices;
}
