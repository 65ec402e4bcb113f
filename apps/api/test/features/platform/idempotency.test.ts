import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_IN_PROGRESS } from '../../../src/plugins/idempotency.ts';
import type { PaymentsProvider } from '../../../src/providers/payments/payments-provider.ts';
import { countRows, dbOf, useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  newKey,
  sellerWithProduct,
  startBody,
  startPayment,
  transactionsOf,
} from '../checkout/checkout-fixtures.ts';

/** Holds the first card charge until let go: a request caught mid-payment (or in a process that died there). */
function holdFirstCharge(provider: PaymentsProvider) {
  const charge = provider.charge;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked: () => void = () => undefined;
  const cardAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let calls = 0;
  provider.charge = async (request) => {
    calls += 1;
    if (calls === 1) {
      asked();
      await held;
    }
    return charge.call(provider, request);
  };
  const letGo = () => release();
  return {
    cardAsked,
    letGo,
    restore: () => {
      letGo();
      provider.charge = charge;
    },
  };
}

/** The idempotency store, through the endpoint that uses it today: starting a card payment. */
describe('the Idempotency-Key store', () => {
  const storedKeys = (key: string) =>
    countRows(ctx.app, sql`select count(*) as n from idempotency_keys where key = ${key}`);

  const ctx = useTestApp();

  it('replays the first response byte for byte, with its status, and says it is a replay', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const key = newKey();

    const first = await startPayment(ctx.app, productId, startBody(), key);
    const again = await startPayment(ctx.app, productId, startBody(), key);

    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2); // the credit and its fee, once
  });

  it('treats the same fields in another order as the same request', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    const key = newKey();
    const body = startBody();
    const reordered = Object.fromEntries(Object.entries(body).reverse());

    await startPayment(ctx.app, productId, body, key);
    const again = await startPayment(ctx.app, productId, reordered, key);

    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers the same key with another body with 409 and a clear message, and changes nothing', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const key = newKey();
    await startPayment(ctx.app, productId, startBody(), key);

    const other = await startPayment(ctx.app, productId, startBody(undefined, { quantity: 2 }), key);

    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      error: 'This Idempotency-Key was already used for a different payment.',
      code: 'IDEMPOTENCY_MISMATCH',
    });
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
  });

  it('answers a second request while the first is still running with 409 "in progress"', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const key = newKey();
    const { cardAsked, letGo, restore } = holdFirstCharge(ctx.app.deps.payments);
    try {
      const first = startPayment(ctx.app, productId, startBody(), key);
      await cardAsked;

      const second = await startPayment(ctx.app, productId, startBody(), key);

      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ error: IDEMPOTENCY_IN_PROGRESS, code: 'IDEMPOTENCY_IN_PROGRESS' });
      letGo();
      expect((await first).statusCode).toBe(201);
    } finally {
      restore();
    }
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
  });

  it('lets a retry take over a first request that died mid-payment once its lease ran out, charging once', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const key = newKey();
    const { cardAsked, letGo, restore } = holdFirstCharge(ctx.app.deps.payments);
    try {
      // The first request hangs with the card asked, as a process that died there would leave it.
      const first = startPayment(ctx.app, productId, startBody(), key);
      await cardAsked;
      await dbOf(ctx.app).execute(
        sql`update idempotency_keys set locked_until = now() - interval '1 second' where key = ${key}`,
      );

      const retry = await startPayment(ctx.app, productId, startBody(), key);

      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(retry.json()).toMatchObject({ status: 'SUCCESSFUL' });
      letGo();
      expect((await first).json()).toMatchObject({ paymentId: retry.json().paymentId, status: 'SUCCESSFUL' });
    } finally {
      restore();
    }
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
  });

  it('stores nothing for a request that fails validation: the key is still free', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    const key = newKey();

    const invalid = await startPayment(
      ctx.app,
      productId,
      startBody(CARDS.visaApproved, { quantity: 0 }),
      key,
    );
    expect(invalid.statusCode).toBe(400);
    expect(await storedKeys(key)).toBe(0);

    const valid = await startPayment(ctx.app, productId, startBody(), key);
    expect(valid.statusCode).toBe(201);
    expect(await storedKeys(key)).toBe(1);
  });

  it('keeps a refusal made while running (409 sold out) and replays it', async () => {
    const { productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 0 });
    const key = newKey();

    const first = await startPayment(ctx.app, productId, startBody(), key);
    const again = await startPayment(ctx.app, productId, startBody(), key);

    expect(first.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('forgets keys after 24 hours: the pruning job removes them and the key may be used afresh', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const key = newKey();
    await startPayment(ctx.app, productId, startBody(), key);
    const [stored] = await dbOf(ctx.app)
      .execute(sql`select expires_at - created_at as kept from idempotency_keys where key = ${key}`)
      .then((result) => (result as unknown as { rows: { kept: unknown }[] }).rows);
    expect(String(stored?.kept)).toMatch(/24:00:00|1 day/);

    await dbOf(ctx.app).execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`,
    );
    await ctx.app.deps.idempotency.pruneJob.run();

    expect(await storedKeys(key)).toBe(0);
    // The payment row keeps its key for ever: a new start with it finds the first payment instead of a second.
    const later = await startPayment(ctx.app, productId, startBody(), key);
    expect(later.statusCode).toBe(200);
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
  });
});
