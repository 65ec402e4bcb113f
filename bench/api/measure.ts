import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LoadRequest, LoadResult } from './load-worker.ts';

/** Node 20 loads a worker's entry before --import hooks apply, so the worker registers tsx itself first. */
const LOAD_WORKER = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  new URL('./load-worker.ts', import.meta.url).href,
)}); })`;

export interface Cell {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Milliseconds the main thread (the API, or the bare route) was busy per request. */
  mainThreadMsPerRequest: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** autocannon from a worker thread (closed loop: each connection waits for its answer); every 2xx time kept. */
export async function measure(request: LoadRequest): Promise<Cell> {
  const before = performance.eventLoopUtilization();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: request });
    worker.once('message', (message: LoadResult) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  const busy = performance.eventLoopUtilization(before).active;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${request.method} ${request.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  // Requests cut off at the end finish before the next cell starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sorted = [...result.samples].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    perSecond: sorted.length / result.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mainThreadMsPerRequest: sorted.length > 0 ? busy / sorted.length : 0,
  };
}
