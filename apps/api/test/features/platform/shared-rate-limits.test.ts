import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config.ts';
import { buildTestApp, type Merchant, signUpMerchant, type TestContext, testRedis } from '../../helper.ts';

const LIMITS: Config['rateLimit'] = {
  ipPerMinute: 1000,
  accountPer15Minutes: 3,
  accountAcrossIpsPer15Minutes: 100,
  checkoutPerMinute: 1000,
};

const signIn = (app: FastifyInstance, merchant: Merchant, password = 'Wr0ng!Password') =>
  app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: merchant.email, password } });

/*
 * Two buildApp instances stand for two API processes behind a balancer: on PostgreSQL they share one database,
 * and with TEST_REDIS_URL one Redis, as a deployment with DATABASE_URL and REDIS_URL does. Without TEST_REDIS_URL
 * the same pair shows what REDIS_URL is for: each process counts on its own.
 */
describe('POST /api/auth/signin on two API processes', () => {
  const redis = testRedis();
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    first = await buildTestApp({ rateLimit: LIMITS, redis });
    second = await buildTestApp({ rateLimit: LIMITS, redis, databaseUrl: first.app.deps.config.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  if (redis) {
    it('allows 3 sign-ins for one account in total across processes sharing Redis, not 3 each', async () => {
      const merchant = await signUpMerchant(first.app);
      const statuses: number[] = [];
      for (const app of [first.app, second.app, first.app, second.app, first.app])
        statuses.push((await signIn(app, merchant)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);

      const rightPassword = await signIn(second.app, merchant, merchant.password);
      expect(rightPassword.statusCode).toBe(429);
      expect(rightPassword.json().code).toBe('RATE_LIMITED');
    });
  } else {
    it('counts per process without REDIS_URL: each process allows 3 sign-ins for one account', async () => {
      const merchant = await signUpMerchant(first.app);
      const statuses: number[] = [];
      for (const app of [first.app, first.app, first.app, first.app, second.app, second.app])
        statuses.push((await signIn(app, merchant)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 401, 401]);
    });
  }
});

describe('POST /api/auth/signin while Redis is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    ctx = await buildTestApp({
      rateLimit: LIMITS,
      redis: { url: 'redis://127.0.0.1:1', keyPrefix: 'unused:' },
    });
  });
  afterAll(() => ctx.close());

  it('still answers, and still limits within the process', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await signIn(ctx.app, merchant)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
