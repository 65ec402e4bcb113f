// The load generator, on a thread of its own so that its work does not sit on the API's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}

export interface LoadResult {
  /** Response times of the 2xx responses, in milliseconds. */
  samples: number[];
  non2xx: number;
  errors: number;
  seconds: number;
}

const request = workerData as LoadRequest;
const samples: number[] = [];
const started = performance.now();
const instance = autocannon(
  {
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: request.connections,
    duration: request.duration,
  },
  (error, result) => {
    if (error) throw error;
    const seconds = (performance.now() - started) / 1000;
    parentPort?.postMessage({
      samples,
      non2xx: result.non2xx,
      errors: result.errors,
      seconds,
    } satisfies LoadResult);
  },
);
instance.on('response', (_client, status, _bytes, responseTime) => {
  if (status >= 200 && status < 300) samples.push(responseTime);
});
