import { type Transaction, type TransactionPage, TransactionPageSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../../helper.ts';
import { createProduct, pay, startBody } from '../../checkout/checkout-fixtures.ts';

const PAYMENTS = 8;

describe('a card fee and its sale, booked at the same moment', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let references: string[];

  const search = async (body: object, query: string): Promise<TransactionPage> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/transaction/search?${query}`,
      payload: body,
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(200);
    return TransactionPageSchema.parse(response.json());
  };

  /** Every fee row comes right after (below, newest first) the sale it was taken from. */
  const expectFeesUnderTheirSales = (items: Transaction[]) => {
    const fees = items.filter((item) => item.transactionChannel === 'FEE');
    expect(fees).toHaveLength(PAYMENTS);
    for (const fee of fees) {
      const sale = items[items.indexOf(fee) - 1];
      expect(sale?.id).toBe(fee.parentTransactionId);
      expect(sale?.impactTime).toBe(fee.impactTime);
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    const product = await createProduct(ctx.app, merchant, { productName: 'Zobo', quantityAvailable: 50 });
    references = [];
    for (let index = 0; index < PAYMENTS; index += 1) {
      const payment = await pay(ctx.app, product.recordId, startBody());
      expect(payment).toMatchObject({ status: 'SUCCESSFUL', fee: expect.any(Number) });
      expect(payment.fee).toBeGreaterThan(0);
      references.push(payment.reference);
    }
  });
  afterAll(() => ctx.close());

  it('lists the fee directly under its sale, in one page and across keyset pages of any size', async () => {
    const all = await search({}, 'page=1&size=100');
    expectFeesUnderTheirSales(all.items);

    for (const size of [1, 3]) {
      const walked: Transaction[] = [];
      let page = await search({}, `page=1&size=${size}`);
      walked.push(...page.items);
      while (page.nextCursor) {
        page = await search({}, `page=2&size=${size}&after=${page.nextCursor}`);
        walked.push(...page.items);
      }
      expect(walked.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    }
  });

  it('keeps that order in a text search and in the export', async () => {
    for (const reference of references) {
      const found = await search({ query: reference }, 'page=1&size=10');
      expect(found.items.map((item) => item.transactionChannel)).toEqual(['CARD', 'FEE']);
    }
    const all = await search({}, 'page=1&size=100');
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/transaction/export',
      payload: {},
      headers: bearer(merchant.token),
    });
    const ids = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual(all.items.map((item) => item.id));
  });
});
