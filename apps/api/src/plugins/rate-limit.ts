/// <reference path="./rate-limit-stores.d.ts" />
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';

/**
 * Limits apply per route (global: false). Without REDIS_URL each process counts in memory; with it every process
 * counts in one Redis, so N processes behind a balancer still allow N guesses in total, not N times as many
 * (ADR 014).
 */
export async function registerRateLimit(app: FastifyInstance, config: Config) {
  if (!config.redis) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // The Redis client and stores are loaded only when REDIS_URL asks for them.
  const [{ default: LocalStore }, { default: RedisStore }] = await Promise.all([
    import('@fastify/rate-limit/store/LocalStore.js'),
    import('@fastify/rate-limit/store/RedisStore.js'),
  ]);
  const onError = reportOnce(app.log);
  const redis = await connectRedis(config.redis.url, onError);
  app.addHook('onClose', () => redis.disconnect());
  const shared = new RedisStore(false, false, redis, `${config.redis.keyPrefix}rate-limit:`);
  const local = new LocalStore(false, false);
  await app.register(rateLimit, {
    global: false,
    store: class extends SharedStore {
      constructor() {
        super(shared, local, onError);
      }
    },
  });
}

/**
 * Redis down must neither block sign-in and checkout nor lift the limits: commands fail at once instead of
 * queueing (no offline queue, a short timeout), and the store then counts in this process until Redis is back.
 */
async function connectRedis(url: string, onError: ReturnType<typeof reportOnce>): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
  });
  redis.on('error', onError);
  redis.on('ready', () => onError.recovered());
  // ioredis keeps reconnecting in the background, so an unreachable Redis at start-up is not fatal.
  await redis.connect().catch(() => undefined);
  return redis;
}

/** One warning per outage, not one per request or reconnect attempt. */
function reportOnce(log: FastifyBaseLogger) {
  let down = false;
  const report = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable: rate limits are counted per process until it is back');
  };
  return Object.assign(report, {
    recovered: () => {
      if (down) log.info('Redis is back: rate limits are shared again');
      down = false;
    },
  });
}

/** Counts in Redis; when Redis cannot answer, in this process instead of not at all. */
class SharedStore implements FastifyRateLimitStore {
  readonly #shared: FastifyRateLimitStore;
  readonly #local: FastifyRateLimitStore;
  readonly #onError: (error: Error) => void;

  constructor(shared: FastifyRateLimitStore, local: FastifyRateLimitStore, onError: (error: Error) => void) {
    this.#shared = shared;
    this.#local = local;
    this.#onError = onError;
  }

  incr: FastifyRateLimitStore['incr'] = (key, callback, timeWindow, max) => {
    this.#shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.#onError(error);
        this.#local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  };

  /** Our keys already name their limit (`signin:account:…`), so the Redis keys need no per-route part. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SharedStore(this.#shared, this.#local.child(routeOptions), this.#onError);
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimits {
  /** At most `max` requests a minute from one address (default: the configured per-IP limit). */
  perIp(group: string, max?: number): Hook;
  /**
   * Attempts on one account: strictly from one address (a stranger's guesses lock out that stranger's address,
   * not the owner), and with a much higher ceiling from all addresses together (a spread-out attack still stops).
   * The ceiling is for strangers (ADR 037): a request `trusted` says is the owner's (a known device, a session)
   * neither counts towards it nor meets it, and with `quietAtCeiling` a request past it goes on, marked for
   * `isPastCeiling`, instead of being refused (an answer that must not differ, such as a reset link's).
   */
  perAccount(group: string, key: (request: FastifyRequest) => string, options?: PerAccountOptions): Hook;
  /** At most `max` requests a minute per key (an API key's own allowance, whatever address it comes from). */
  perKey(group: string, max: number, key: (request: FastifyRequest) => string): Hook;
}

interface PerAccountOptions {
  trusted?: (request: FastifyRequest) => boolean;
  quietAtCeiling?: boolean;
}

const FIFTEEN_MINUTES = 15 * 60_000;
const pastCeiling = new WeakSet<FastifyRequest>();

/** Whether a `quietAtCeiling` limit let this request past the account's ceiling from all addresses. */
export const isPastCeiling = (request: FastifyRequest) => pastCeiling.has(request);

/** What a limited client reads: when it may try again, in whole minutes (Retry-After carries the seconds). */
function tryAgainMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
}

/**
 * Several limits can guard one route (per IP and per account), so each is its own limiter: the plugin's
 * route-level handler runs only once per request.
 */
export function createRateLimits(app: FastifyInstance, config: Config): RateLimits {
  const limiter = (
    max: number,
    timeWindow: number,
    key: (request: FastifyRequest) => string,
    onExceeded?: (request: FastifyRequest) => void,
  ): Hook => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: key });
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      if (onExceeded) return onExceeded(request);
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(tryAgainMessage(result.ttlInSeconds));
    };
  };
  const { ipPerMinute, accountPer15Minutes, accountAcrossIpsPer15Minutes } = config.rateLimit;
  return {
    perIp: (group, max = ipPerMinute) => limiter(max, 60_000, (request) => `${group}:ip:${request.ip}`),
    perAccount: (group, key, options = {}) => {
      const fromOneAddress = limiter(
        accountPer15Minutes,
        FIFTEEN_MINUTES,
        (request) => `${group}:account-ip:${key(request)}:${request.ip}`,
      );
      const fromAll = limiter(
        accountAcrossIpsPer15Minutes,
        FIFTEEN_MINUTES,
        (request) => `${group}:account:${key(request)}`,
        options.quietAtCeiling ? (request) => pastCeiling.add(request) : undefined,
      );
      // The address's own limit first: once it is reached, that address no longer uses up the account's.
      return async (request, reply) => {
        await fromOneAddress(request, reply);
        if (!options.trusted?.(request)) await fromAll(request, reply);
      };
    },
    perKey: (group, max, key) => limiter(max, 60_000, (request) => `${group}:key:${key(request)}`),
  };
}
