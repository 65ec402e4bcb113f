import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { IDEMPOTENCY_IN_PROGRESS } from '../../../src/plugins/idempotency.ts';
import { countRows, dbOf, TEST_JWT_SECRET, testConfig } from '../../helper.ts';
import {
  newKey,
  sellerWithProduct,
  startBody,
  startPayment,
  transactionsOf,
} from '../checkout/checkout-fixtures.ts';

/*
 * A process killed (kill -9) on the embedded database, and started again on the same DATA_DIR: the leases it
 * held (a scheduled job, an event delivery, an Idempotency-Key whose request never answered) are let go at once.
 * The kill is played by leaving those leases in the database as a dead process would, then closing it.
 */
describe('leases after a crash, on the embedded database (whatever TEST_DATABASE_URL says)', () => {
  let dataDir: string;
  let app: FastifyInstance;
  const open = async () => {
    app = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, dataDir, databaseUrl: undefined }));
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-leases-'));
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two opens of a database on disk (the first migrates it): far slower than the in-memory copies.
  it('a restart lets go of what the killed process held: jobs and deliveries are due, a retried key runs', async () => {
    await open();
    const { seller, productId } = await sellerWithProduct(app);
    const key = newKey();
    const body = startBody();
    const first = await startPayment(app, productId, body, key);
    expect(first.statusCode, first.body).toBe(201);
    // As the killed process left them: the key claimed with no answer, a job and a delivery mid-run.
    await dbOf(app).execute(sql`
      update idempotency_keys set response_status = null, response_body = null,
        locked_until = now() + interval '1 hour' where key = ${key}`);
    await dbOf(app).execute(sql`update scheduled_jobs set locked_until = now() + interval '1 hour'`);
    await dbOf(app).execute(sql`
      update event_deliveries set locked_until = now() + interval '1 hour', status = 'pending',
        next_attempt_at = now()`);
    const meanwhile = await startPayment(app, productId, body, key);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toEqual({ error: IDEMPOTENCY_IN_PROGRESS, code: 'IDEMPOTENCY_IN_PROGRESS' });
    await app.close();

    await open();
    const leased = (table: string) =>
      countRows(app, sql`select count(*) as n from ${sql.raw(table)} where locked_until > now()`);
    expect(await leased('scheduled_jobs')).toBe(0);
    expect(await leased('event_deliveries')).toBe(0);
    const retry = await startPayment(app, productId, body, key);
    // Taken over at once, and the payment the first request made is found rather than charged again.
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ paymentId: first.json().paymentId, status: 'SUCCESSFUL' });
    expect(await transactionsOf(app, seller.userId)).toHaveLength(2);
  }, 180_000);
});
