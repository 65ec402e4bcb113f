import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { LoadRequest, LoadResult } from './load-worker.ts';
import { type ReplayTemplate, replayOnce } from './replay.ts';

/** Node 20 loads a worker's entry before --import hooks apply, so the worker registers tsx itself first. */
const LOAD_WORKER = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  new URL('./load-worker.ts', import.meta.url).href,
)}); })`;

export interface Cell {
  payments: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Milliseconds the main thread (the API, or the replay's pg client) was busy per payment. */
  mainThreadMsPerPayment: number;
}

export interface Bounds {
  connections: number;
  duration: number;
  maxRequests: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function cell(samples: number[], seconds: number, busyMs: number): Cell {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    payments: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mainThreadMsPerPayment: sorted.length > 0 ? busyMs / sorted.length : 0,
  };
}

/** Card payments over HTTP from a worker thread (autocannon, closed loop: each connection waits for its answer). */
export async function measureHttp(base: string, productIds: string[], body: string, bounds: Bounds) {
  const before = performance.eventLoopUtilization();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { base, productIds, body, ...bounds } satisfies LoadRequest,
    });
    worker.once('message', (message: LoadResult) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  const busy = performance.eventLoopUtilization(before).active;
  const failed = Object.entries(result.statuses).filter(([status]) => !status.startsWith('2'));
  if (failed.length > 0 || result.errors > 0) {
    throw new Error(
      `payments failed: ${JSON.stringify(result.statuses)}, ${result.errors} connection errors`,
    );
  }
  // Let requests cut off at the end finish before anything else is measured.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return cell(result.samples, result.seconds, busy);
}

/** The floor: `connections` loops replaying a payment's statements through the pool, bounded like the HTTP cells. */
export async function measureReplay(pool: pg.Pool, templates: ReplayTemplate[], bounds: Bounds) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  const until = started + bounds.duration * 1000;
  const before = performance.eventLoopUtilization();
  const loop = async () => {
    while (performance.now() < until && samples.length < bounds.maxRequests) {
      const template = templates[next % templates.length] as ReplayTemplate;
      next += 1;
      const begun = performance.now();
      await replayOnce(pool, template);
      samples.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: bounds.connections }, loop));
  const seconds = (performance.now() - started) / 1000;
  return cell(samples, seconds, performance.eventLoopUtilization(before).active);
}
