import { TransactionSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionRow } from '../../../../src/features/money/transactions/transactions.repository.ts';
import { recordTransaction } from '../../../../src/features/money/transactions/transactions.service.ts';
import {
  bearer,
  buildTestApp,
  insertTestMerchant,
  inTx,
  type Merchant,
  type MerchantWallets,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../../helper.ts';

describe('GET /api/transaction/{id}', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: MerchantWallets;
  let mine: TransactionRow;
  let theirs: TransactionRow;
  const get = (id: string, headers: Record<string, string> = bearer(merchant.token)) =>
    ctx.app.inject({ url: `/api/transaction/${id}`, headers });

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    other = await insertTestMerchant(ctx.app);
    const { NGN } = await walletIdsOf(ctx.app, merchant.userId);
    mine = await inTx(ctx.app, (tx) =>
      recordTransaction(tx, {
        userId: merchant.userId,
        walletId: NGN,
        type: 'CREDIT',
        status: 'SUCCESSFUL',
        amount: 150_050,
        currency: 'NGN',
        description: 'Order from Chioma',
        channel: 'CARD',
        counterparty: 'CUSTOMER_FUNDS',
        beneficiary: 'Chioma Eze',
        orderReference: 'ORD-77',
        impactTime: new Date('2025-04-02T09:30:00.250Z'),
      }),
    );
    theirs = await inTx(ctx.app, (tx) =>
      recordTransaction(tx, {
        userId: other.userId,
        walletId: other.NGN,
        type: 'CREDIT',
        status: 'CREATED',
        amount: 4_200,
        currency: 'NGN',
        description: 'Secret B order',
        channel: 'CARD',
        counterparty: 'CUSTOMER_FUNDS',
      }),
    );
  });
  afterAll(() => ctx.close());

  it('returns everything the detail view shows', async () => {
    const response = await get(mine.id);

    expect(response.statusCode).toBe(200);
    expect(TransactionSchema.parse(response.json())).toEqual({
      id: mine.id,
      transactionId: mine.id,
      impactTime: '2025-04-02T09:30:00.250Z',
      description: 'Order from Chioma',
      parentTransactionId: null,
      transactionAmount: 150_050,
      currencyCode: 'NGN',
      transactionType: 'CREDIT',
      transactionStatus: 'SUCCESSFUL',
      beneficiary: 'Chioma Eze',
      transactionChannel: 'CARD',
      orderReference: 'ORD-77',
      failureReason: null,
      walletId: mine.walletId,
      userId: merchant.userId,
    });
  });

  it("answers another merchant's transaction with 404 and nothing of it", async () => {
    const response = await get(theirs.id);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Transaction not found', code: 'NOT_FOUND' });
    expect(response.body).not.toMatch(/Secret B order|4200/);
    expect(response.body).not.toContain(other.NGN);
  });

  it('answers a user_id header naming another merchant with 404, even for its own transaction', async () => {
    const response = await get(mine.id, { ...bearer(merchant.token), user_id: other.userId });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Chioma');
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    const bad = await get('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Transaction ID is invalid', code: 'VALIDATION_ERROR' });
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers without a token with 401', async () => {
    expect((await get(mine.id, {})).statusCode).toBe(401);
  });
});
