// The load generator, on a thread of its own so that its work does not sit on the API's event loop.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadRequest {
  base: string;
  productIds: string[];
  body: string;
  connections: number;
  duration: number;
  maxRequests: number;
}

export interface LoadResult {
  /** Response times of the 2xx responses, in milliseconds. */
  samples: number[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
}

const request = workerData as LoadRequest;
let next = 0;
const samples: number[] = [];
const statuses: Record<string, number> = {};
const started = performance.now();
const instance = autocannon(
  {
    url: request.base,
    connections: request.connections,
    duration: request.duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const productId = request.productIds[next % request.productIds.length];
          next += 1;
          return {
            ...req,
            path: `/api/checkout/products/${productId}/payments`,
            headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
            body: request.body,
          };
        },
      },
    ],
  },
  (error, result) => {
    if (error) throw error;
    const seconds = (performance.now() - started) / 1000;
    parentPort?.postMessage({ samples, statuses, errors: result.errors, seconds } satisfies LoadResult);
  },
);
instance.on('response', (_client, status, _bytes, responseTime) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status >= 200 && status < 300) samples.push(responseTime);
  if (samples.length >= request.maxRequests) instance.stop();
});
