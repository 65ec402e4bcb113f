import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '../../../../src/providers/payments/sandbox-test-cards.ts';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../../helper.ts';
import { CARDS, createProduct, pay, paymentRow, startBody } from '../../checkout/checkout-fixtures.ts';

describe("a failed payment's reason in the transaction detail and the export", () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let productId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    productId = (await createProduct(ctx.app, merchant, { productName: 'Zobo' })).recordId;
  });
  afterAll(() => ctx.close());

  const transactionOf = async (paymentId: string) => {
    const { transactionId } = await paymentRow(ctx.app, paymentId);
    const response = await ctx.app.inject({
      url: `/api/transaction/${transactionId}`,
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('shows the reason the customer and the webhook were given, and none on a paid one', async () => {
    const declined = await pay(ctx.app, productId, startBody(CARDS.insufficientFunds));
    const paid = await pay(ctx.app, productId, startBody(CARDS.visaApproved));

    expect(declined.failureReason).toBe(DECLINE_REASONS.INSUFFICIENT_FUNDS);
    expect(await transactionOf(declined.paymentId)).toMatchObject({
      transactionStatus: 'FAILED',
      failureReason: DECLINE_REASONS.INSUFFICIENT_FUNDS,
    });
    expect(await transactionOf(paid.paymentId)).toMatchObject({
      transactionStatus: 'SUCCESSFUL',
      failureReason: null,
    });

    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/transaction/export',
      payload: { status: 'FAILED' },
      headers: bearer(merchant.token),
    });
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header?.split(',').at(-1)).toBe('failureReason');
    expect(line).toMatch(/,FAILED,.*,Your card has insufficient funds\. Please use another card\.$/);
  });
});
