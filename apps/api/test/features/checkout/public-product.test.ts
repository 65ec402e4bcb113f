import { randomUUID } from 'node:crypto';
import { DEFAULT_FEE_SCHEDULE, formatCardNumber } from '@bizdash/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index.ts';
import { SANDBOX_TEST_CARDS } from '../../../src/providers/payments/sandbox-test-cards.ts';
import { bearer, buildTestApp, dbOf, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import {
  CARDS,
  chargeFeeToCustomer,
  createProduct,
  getPayment,
  pay,
  startBody,
} from './checkout-fixtures.ts';

describe('GET /api/checkout/products/:productId', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  const view = (productId: string) => ctx.app.inject({ url: `/api/checkout/products/${productId}` });

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app, { businessName: 'Mama Put Kitchen' });
    await dbOf(ctx.app)
      .update(users)
      .set({ checkoutLogoUrl: 'https://cdn.example.com/mama-put.png' })
      .where(eq(users.id, merchant.userId));
  });
  afterAll(() => ctx.close());

  it("shows the product, its seller's public face and the fee rule, and nothing else, without sign-in", async () => {
    const product = await createProduct(ctx.app, merchant, { amount: 350_000, quantityAvailable: 7 });

    const response = await view(product.recordId);

    expect(response.statusCode).toBe(200);
    // toStrictEqual on the whole body: a key added later (userId, email, wallets, ...) fails this test.
    expect(response.json()).toStrictEqual({
      productId: product.recordId,
      productName: 'Jollof rice tray',
      description: 'Party size',
      amount: 350_000,
      currency: 'NGN',
      quantityAvailable: 7,
      availability: 'AVAILABLE',
      merchant: { businessName: 'Mama Put Kitchen', checkoutLogUrl: 'https://cdn.example.com/mama-put.png' },
      feeBearer: 'MERCHANT',
      feeRule: DEFAULT_FEE_SCHEDULE.NGN,
      testCards: SANDBOX_TEST_CARDS.map((card) => ({
        number: formatCardNumber(card.number),
        outcome: card.outcome,
      })),
      paymentFlow: 'CARD',
    });
    expect(response.body).not.toContain(merchant.userId);
    expect(response.body).not.toContain(merchant.email);
  });

  it("follows the merchant's fee setting and the product's currency", async () => {
    const product = await createProduct(ctx.app, merchant, { currency: 'USD', amount: 2_000 });
    await chargeFeeToCustomer(ctx.app, merchant.userId, true);
    try {
      expect((await view(product.recordId)).json()).toMatchObject({
        currency: 'USD',
        feeBearer: 'CUSTOMER',
        feeRule: DEFAULT_FEE_SCHEDULE.USD,
      });
    } finally {
      await chargeFeeToCustomer(ctx.app, merchant.userId, false);
    }
  });

  it('shows a product with nothing left as SOLD_OUT and an archived one as ARCHIVED with nothing to buy', async () => {
    const soldOut = await createProduct(ctx.app, merchant, { quantityAvailable: 0 });
    const archived = await createProduct(ctx.app, merchant, { quantityAvailable: 4 });
    await pay(ctx.app, archived.recordId, startBody(CARDS.declined));
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${archived.recordId}`,
      headers: bearer(merchant.token),
    });
    expect(deleted.json().outcome).toBe('ARCHIVED');

    expect((await view(soldOut.recordId)).json()).toMatchObject({
      availability: 'SOLD_OUT',
      quantityAvailable: 0,
    });
    expect((await view(archived.recordId)).json()).toMatchObject({
      availability: 'ARCHIVED',
      quantityAvailable: 0,
    });
  });

  it('answers 404 for a link that leads nowhere, also after the product was deleted, and 400 for a malformed one', async () => {
    const product = await createProduct(ctx.app, merchant);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.recordId}`,
      headers: bearer(merchant.token),
    });

    for (const id of [randomUUID(), product.recordId]) {
      const response = await view(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'This payment link is not valid.', code: 'NOT_FOUND' });
    }
    const malformed = await view('pay-me');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Product ID is invalid');
  });
});

describe('GET /api/checkout/payments/:paymentId', () => {
  let ctx: TestContext;
  let merchant: Merchant;

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app, { businessName: 'Kano Leather' });
  });
  afterAll(() => ctx.close());

  it('shows the customer their payment: amounts, status, card brand and last four, nothing of the card beyond', async () => {
    const product = await createProduct(ctx.app, merchant, { amount: 300_000 });
    const started = await pay(
      ctx.app,
      product.recordId,
      startBody(CARDS.mastercardApproved, { quantity: 2 }),
    );

    const response = await getPayment(ctx.app, started.paymentId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      paymentId: started.paymentId,
      reference: expect.stringMatching(/^BZD-[A-HJ-NP-Z2-9]{10}$/),
      productId: product.recordId,
      productName: 'Jollof rice tray',
      businessName: 'Kano Leather',
      checkoutLogUrl: null,
      quantity: 2,
      unitAmount: 300_000,
      subtotal: 600_000,
      fee: 19_000,
      total: 600_000,
      currency: 'NGN',
      feeBearer: 'MERCHANT',
      status: 'SUCCESSFUL',
      nextAction: null,
      redirectUrl: null,
      sandboxOtp: null,
      failureReason: null,
      customerName: 'Chioma Eze',
      card: { brand: 'MASTERCARD', last4: '4444' },
      createdAt: expect.any(String),
      completedAt: expect.any(String),
    });
    expect(response.json()).toEqual(started);
    expect(response.body).not.toContain('5555555555554444');
    expect(response.body).not.toContain('chioma@example.com');
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    const unknown = await getPayment(ctx.app, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Payment not found', code: 'NOT_FOUND' });
    const malformed = await getPayment(ctx.app, '123');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Payment ID is invalid');
  });
});
