import { readFileSync } from 'node:fs';
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
  /**
   * CPU milliseconds the main thread used per request (Linux; absent elsewhere). Unlike the busy time, it does not
   * count the time the thread waited for a core, so it changes little when others load the machine.
   */
  mainThreadCpuMsPerRequest?: number;
}

/** The main thread's CPU time so far, in ms: utime and stime of its /proc stat, in USER_HZ (100) ticks. */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields 14 and 15 of proc(5), counted after the command name (which may hold spaces) as from field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** autocannon from a worker thread (closed loop: each connection waits for its answer); every 2xx time kept. */
export async function measure(request: LoadRequest): Promise<Cell> {
  const before = performance.eventLoopUtilization();
  const cpuBefore = mainThreadCpuMs();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: request });
    worker.once('message', (message: LoadResult) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  const busy = performance.eventLoopUtilization(before).active;
  const cpuAfter = mainThreadCpuMs();
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
    mainThreadCpuMsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && sorted.length > 0
        ? (cpuAfter - cpuBefore) / sorted.length
        : undefined,
  };
}
