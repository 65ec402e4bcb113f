import { describe, expect, it } from 'vitest';
import { bearer, signUpMerchant, useTestApp } from '../../helper.ts';
import {
  getRefund,
  paidMerchant,
  REFUND_FAILS_CARD,
  refund,
  refundTestConfig,
  settleRefunds,
} from './refund-fixtures.ts';

describe('GET /api/refunds', () => {
  const ctx = useTestApp(refundTestConfig());

  it("lists the acting user's refunds newest first, filtered by payment and status, a page at a time", async () => {
    const one = await paidMerchant(ctx.app);
    const two = await paidMerchant(ctx.app, { merchant: one.merchant, card: REFUND_FAILS_CARD });
    const stranger = await paidMerchant(ctx.app);
    await refund(ctx.app, stranger.merchant, { transactionId: stranger.transactionId, amount: 1_000 });
    const made = [];
    for (const amount of [1_000, 2_000, 3_000]) {
      made.push(await refund(ctx.app, one.merchant, { transactionId: one.transactionId, amount }));
    }
    const failing = await refund(ctx.app, one.merchant, { transactionId: two.transactionId, amount: 4_000 });
    await settleRefunds(ctx.app);

    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/refunds${query}`,
        headers: bearer(one.merchant.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    const all = await list('');
    expect(all.totalElements).toBe(4);
    expect(all.items.map((item: { amount: number }) => item.amount)).toEqual([4_000, 3_000, 2_000, 1_000]);

    const ofOne = await list(`?transactionId=${one.transactionId}`);
    expect(ofOne.items.map((item: { id: string }) => item.id)).toEqual(made.map((item) => item.id).reverse());

    const failed = await list('?status=FAILED');
    expect(failed.items.map((item: { id: string }) => item.id)).toEqual([failing.id]);
    expect((await list('?status=SUCCEEDED')).totalElements).toBe(3);
    expect((await list('?status=PENDING')).totalElements).toBe(0);

    const page2 = await list('?size=3&page=2');
    expect(page2).toMatchObject({ page: 2, size: 3, totalElements: 4, totalPages: 2 });
    expect(page2.items.map((item: { amount: number }) => item.amount)).toEqual([1_000]);

    for (const bad of ['?status=DONE', '?page=0', '?transactionId=nope']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/refunds${bad}`,
        headers: bearer(one.merchant.token),
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it("GET /api/refunds/{id}: the acting user's refund, 404 for another's", async () => {
    const paid = await paidMerchant(ctx.app);
    const made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 1_000 });
    expect((await getRefund(ctx.app, paid.merchant, made.id)).id).toBe(made.id);
    const stranger = await signUpMerchant(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/refunds/${made.id}`,
      headers: bearer(stranger.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Refund not found');
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: `/api/refunds/${made.id}` });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
