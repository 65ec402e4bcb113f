import { type Wallet, WalletListSchema, WalletSchema, WalletSummarySchema } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../../../src/features/money/ledger/ledger.verify.ts';
import {
  type NewTransaction,
  recordTransaction,
  reverseTransaction,
  settleTransaction,
} from '../../../../src/features/money/transactions/transactions.service.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  dbOf,
  inTx,
  type Merchant,
  type MerchantWallets,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../../helper.ts';

let ctx: TestContext;
let merchant: Merchant;
let other: Merchant;
let wallets: Omit<MerchantWallets, 'userId'>;
let otherWallets: Omit<MerchantWallets, 'userId'>;

type Movement = Omit<NewTransaction, 'userId' | 'walletId' | 'channel' | 'counterparty' | 'description'> &
  Partial<NewTransaction>;
const record = (owner: Merchant, ownerWallets: typeof wallets, movement: Movement) =>
  inTx(ctx.app, (tx) =>
    recordTransaction(tx, {
      userId: owner.userId,
      walletId: ownerWallets[movement.currency],
      description: `${movement.type} ${movement.amount}`,
      channel: movement.type === 'CREDIT' ? 'CARD' : 'PAYOUT',
      counterparty: movement.type === 'CREDIT' ? 'CUSTOMER_FUNDS' : 'PAYOUTS_IN_TRANSIT',
      ...movement,
    }),
  );
const listWallets = async (token = merchant.token) => {
  const response = await ctx.app.inject({ url: '/api/wallets', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return WalletListSchema.parse(response.json()).wallets;
};
const amounts = (list: Wallet[]) =>
  Object.fromEntries(
    list.map((wallet) => [wallet.currency, [wallet.availableBalance, wallet.pendingAmount]]),
  );

beforeAll(async () => {
  ctx = await buildTestApp();
  merchant = await signUpMerchant(ctx.app);
  other = await signUpMerchant(ctx.app, { businessName: 'Bola Gadgets' });
  wallets = await walletIdsOf(ctx.app, merchant.userId);
  otherWallets = await walletIdsOf(ctx.app, other.userId);
});
afterAll(() => ctx.close());

describe('GET /api/wallets', () => {
  let pendingCredit: string;
  let verifiedCredit: string;

  it('shows the balance the ledger holds and the credits still pending', async () => {
    expect(amounts(await listWallets())).toEqual({ NGN: [0, 0], USD: [0, 0] });
    await record(merchant, wallets, {
      type: 'CREDIT',
      status: 'SUCCESSFUL',
      amount: 50_000,
      currency: 'NGN',
    });
    pendingCredit = (
      await record(merchant, wallets, { type: 'CREDIT', status: 'CREATED', amount: 20_000, currency: 'NGN' })
    ).id;
    verifiedCredit = (
      await record(merchant, wallets, {
        type: 'CREDIT',
        status: 'OTP_VERIFIED',
        amount: 5_000,
        currency: 'NGN',
      })
    ).id;
    await record(merchant, wallets, { type: 'DEBIT', status: 'CREATED', amount: 3_000, currency: 'NGN' });
    await record(merchant, wallets, { type: 'CREDIT', status: 'FAILED', amount: 7_000, currency: 'NGN' });
    await record(merchant, wallets, { type: 'DEBIT', status: 'SUCCESSFUL', amount: 2_000, currency: 'NGN' });
    await record(merchant, wallets, { type: 'CREDIT', status: 'CREATED', amount: 1_000, currency: 'USD' });
    await record(other, otherWallets, { type: 'CREDIT', status: 'CREATED', amount: 9_000, currency: 'NGN' });

    const list = await listWallets();

    expect(amounts(list)).toEqual({ NGN: [48_000, 25_000], USD: [0, 1_000] });
    expect(list.map((wallet) => [wallet.walletId, wallet.userId, wallet.status])).toEqual([
      [wallets.NGN, merchant.userId, 'ACTIVE'],
      [wallets.USD, merchant.userId, 'ACTIVE'],
    ]);
    const entries = await countRows(
      ctx.app,
      sql`select sum(amount) as n from ledger_entries where wallet_id = ${wallets.NGN}`,
    );
    expect(entries).toBe(48_000);
  });

  it('moves a settled credit from pending to available, and a failed one out of pending', async () => {
    await inTx(ctx.app, (tx) => settleTransaction(tx, pendingCredit, 'SUCCESSFUL', 'CUSTOMER_FUNDS'));
    expect(amounts(await listWallets()).NGN).toEqual([68_000, 5_000]);

    await inTx(ctx.app, (tx) => settleTransaction(tx, verifiedCredit, 'FAILED', 'CUSTOMER_FUNDS'));
    expect(amounts(await listWallets()).NGN).toEqual([68_000, 0]);
  });

  it('settles a transaction once: settling it again moves nothing', async () => {
    const again = await inTx(ctx.app, (tx) =>
      settleTransaction(tx, pendingCredit, 'SUCCESSFUL', 'CUSTOMER_FUNDS'),
    );
    const late = await inTx(ctx.app, (tx) =>
      settleTransaction(tx, verifiedCredit, 'SUCCESSFUL', 'CUSTOMER_FUNDS'),
    );

    expect([again.transactionStatus, late.transactionStatus]).toEqual(['SUCCESSFUL', 'FAILED']);
    expect(amounts(await listWallets()).NGN).toEqual([68_000, 0]);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });
});

describe('GET /api/wallets/{walletId}', () => {
  it('returns the wallet as the list shows it', async () => {
    const response = await ctx.app.inject({
      url: `/api/wallets/${wallets.NGN}`,
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(200);
    const wallet = WalletSchema.parse(response.json());
    expect(wallet).toEqual((await listWallets()).find((candidate) => candidate.walletId === wallets.NGN));
  });

  it("answers another merchant's wallet with 404 and nothing of it", async () => {
    const response = await ctx.app.inject({
      url: `/api/wallets/${otherWallets.NGN}`,
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Wallet not found', code: 'NOT_FOUND' });
    expect(response.body).not.toMatch(/9000|Bola/);
  });

  it('answers a malformed id with 400 and a user_id header naming another merchant with 404', async () => {
    const bad = await ctx.app.inject({ url: '/api/wallets/12345', headers: bearer(merchant.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Wallet ID is invalid');
    const named = await ctx.app.inject({
      url: `/api/wallets/${otherWallets.NGN}`,
      headers: { ...bearer(merchant.token), user_id: other.userId },
    });
    expect(named.statusCode).toBe(404);
  });
});

describe('GET /api/wallets/summary', () => {
  const startedAt = Date.now();
  const day = (daysAgo: number) => new Date(startedAt - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const summary = (query: string, token: string) =>
    ctx.app.inject({ url: `/api/wallets/summary?${query}`, headers: bearer(token) });

  it('returns every day of the range with successful money in and out, a reversal out on its own day', async () => {
    const owner = await signUpMerchant(ctx.app);
    const ownerWallets = await walletIdsOf(ctx.app, owner.userId);
    const at = (daysAgo: number, time: string) => new Date(`${day(daysAgo)}T${time}Z`);
    const refunded = await record(owner, ownerWallets, {
      type: 'CREDIT',
      status: 'SUCCESSFUL',
      amount: 10_000,
      currency: 'NGN',
      impactTime: at(3, '10:00:00.000'),
    });
    const movements: Movement[] = [
      {
        type: 'CREDIT',
        status: 'SUCCESSFUL',
        amount: 4_000,
        currency: 'NGN',
        impactTime: at(3, '23:59:59.999'),
      },
      { type: 'CREDIT', status: 'FAILED', amount: 9_999, currency: 'NGN', impactTime: at(3, '12:00:00.000') },
      {
        type: 'DEBIT',
        status: 'SUCCESSFUL',
        amount: 3_000,
        currency: 'NGN',
        impactTime: at(2, '00:00:00.000'),
      },
      {
        type: 'CREDIT',
        status: 'SUCCESSFUL',
        amount: 2_500,
        currency: 'USD',
        impactTime: at(2, '08:00:00.000'),
      },
      {
        type: 'CREDIT',
        status: 'CREATED',
        amount: 8_888,
        currency: 'NGN',
        impactTime: at(1, '09:00:00.000'),
      },
      {
        type: 'DEBIT',
        status: 'OTP_VERIFIED',
        amount: 777,
        currency: 'NGN',
        impactTime: at(1, '09:00:00.000'),
      },
    ];
    for (const movement of movements) await record(owner, ownerWallets, movement);
    const reversal = await inTx(ctx.app, (tx) => reverseTransaction(tx, refunded.id, 'Refund'));
    const reversalDay = reversal.impactTime.toISOString().slice(0, 10);

    const response = await summary(`from=${day(4)}&to=${reversalDay}`, owner.token);

    expect(response.statusCode).toBe(200);
    const body = WalletSummarySchema.parse(response.json());
    const flow = (currency: string) =>
      Object.fromEntries(
        (body.wallets.find((wallet) => wallet.currency === currency)?.days ?? []).map((entry) => [
          entry.date,
          [entry.moneyIn, entry.moneyOut],
        ]),
      );
    // Every day of the range, zero unless something successful moved (computed so midnight cannot make it flaky).
    const expectedNgn: Record<string, number[]> = {};
    for (let time = Date.parse(day(4)); time <= Date.parse(reversalDay); time += 86_400_000) {
      expectedNgn[new Date(time).toISOString().slice(0, 10)] = [0, 0];
    }
    expectedNgn[day(3)] = [14_000, 0];
    expectedNgn[day(2)] = [0, 3_000];
    expectedNgn[reversalDay] = [0, 10_000];
    expect(flow('NGN')).toEqual(expectedNgn);
    expect(Object.keys(flow('NGN'))).toEqual(Object.keys(expectedNgn).sort());
    expect(flow('USD')[day(2)]).toEqual([2_500, 0]);
    expect(Object.values(flow('USD')).filter(([moneyIn]) => moneyIn !== 0)).toHaveLength(1);
    expect(body.wallets.map((wallet) => wallet.walletId)).toEqual([ownerWallets.NGN, ownerWallets.USD]);
  });

  it('lists every day of a leap year', async () => {
    const response = await summary('from=2024-01-01&to=2024-12-31', merchant.token);
    expect(response.statusCode).toBe(200);
    const days = WalletSummarySchema.parse(response.json()).wallets[0]?.days ?? [];
    expect(days).toHaveLength(366);
    expect([days[0]?.date, days[59]?.date, days[365]?.date]).toEqual([
      '2024-01-01',
      '2024-02-29',
      '2024-12-31',
    ]);
  });

  it.each([
    ['from after to', 'from=2025-03-02&to=2025-03-01', 'The start date must be on or before the end date.'],
    ['a range over a year', 'from=2023-01-01&to=2024-06-30', 'The range is at most one year'],
    ['a date that is not a date', 'from=yesterday&to=2025-03-01', 'from must be a date (YYYY-MM-DD)'],
  ])('refuses %s with 400', async (_name, query, message) => {
    const response = await summary(query, merchant.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });
});
