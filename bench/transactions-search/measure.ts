import { TransactionSearchFilterSchema } from '@bizdash/shared';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema/index.ts';
import { search } from '../../apps/api/src/features/money/transactions/transactions.service.ts';
import type { SearchRequest } from './scenarios.ts';

/** Long enough for the API's JIT and PostgreSQL's caches to settle before anything is recorded. */
const WARM_UP_SECONDS = 3;

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
}

export interface MeasureOptions {
  duration: number;
  connections: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), samples: sorted.length };
}

/** autocannon against the running API; every response time is kept so p95 is exact, not interpolated. */
export async function measureHttp(
  base: string,
  token: string,
  request: SearchRequest,
  options: MeasureOptions,
) {
  const run = (duration: number, samples?: number[]) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}/api/transaction/search?page=${request.page}&size=${request.size}`,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(request.body),
          connections: options.connections,
          duration,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => samples?.push(responseTime));
    });
  await run(WARM_UP_SECONDS);
  const samples: number[] = [];
  const result = await run(options.duration, samples);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx responses and ${result.errors} errors`);
  }
  return percentiles(samples);
}

interface CapturedQuery {
  text: string;
  params: unknown[];
}

/** Records every statement a pool's connections run, whoever built it (prepared queries keep their first db). */
function recordStatements(pool: pg.Pool, captured: CapturedQuery[]) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
      captured.push(
        typeof config === 'string'
          ? { text: config, params: Array.isArray(values) ? values : [] }
          : { text: config.text, params: config.values ?? (Array.isArray(values) ? values : []) },
      );
      return query(...args);
    }) as typeof client.query;
  });
}

/** The SQL the search itself issues (page and count), captured from the service as it runs. */
export async function captureSearchSql(url: string, userId: string, request: SearchRequest) {
  const captured: CapturedQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  recordStatements(pool, captured);
  const db = drizzle(pool, { schema }) as unknown as Db;
  await search(db, userId, TransactionSearchFilterSchema.parse(request.body), {
    page: request.page,
    size: request.size,
  });
  await pool.end();
  const statements = captured.filter((query) =>
    /from "(transactions|transaction_counters)"/.test(query.text),
  );
  if (statements.length === 0) throw new Error('captured no statement of the search');
  return statements;
}

/** The baseline: the same statements straight through pg, as concurrently as the API runs them. */
export async function measureSql(pool: pg.Pool, queries: CapturedQuery[], options: MeasureOptions) {
  const runOnce = () => Promise.all(queries.map((query) => pool.query(query.text, query.params)));
  const loop = async (until: number, samples?: number[]) => {
    while (performance.now() < until) {
      const started = performance.now();
      await runOnce();
      samples?.push(performance.now() - started);
    }
  };
  const workers = (until: number, samples?: number[]) =>
    Promise.all(Array.from({ length: options.connections }, () => loop(until, samples)));
  await workers(performance.now() + WARM_UP_SECONDS * 1000);
  const samples: number[] = [];
  await workers(performance.now() + options.duration * 1000, samples);
  return percentiles(samples);
}
