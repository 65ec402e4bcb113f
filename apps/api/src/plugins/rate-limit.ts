import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';

/** Limits apply per route (global: false); the store is in memory, one per process (see README, scaling). */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimits {
  /** At most `max` requests a minute from one address (default: the configured per-IP limit). */
  perIp(group: string, max?: number): Hook;
  perAccount(group: string, key: (request: FastifyRequest) => string): Hook;
}

/**
 * Several limits can guard one route (per IP and per account), so each is its own limiter: the plugin's
 * route-level handler runs only once per request.
 */
export function createRateLimits(app: FastifyInstance, config: Config): RateLimits {
  const limiter = (max: number, timeWindow: number, key: (request: FastifyRequest) => string): Hook => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: key });
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests();
    };
  };
  return {
    perIp: (group, max = config.rateLimit.ipPerMinute) =>
      limiter(max, 60_000, (request) => `${group}:ip:${request.ip}`),
    perAccount: (group, key) =>
      limiter(
        config.rateLimit.accountPer15Minutes,
        15 * 60_000,
        (request) => `${group}:account:${key(request)}`,
      ),
  };
}
