import { OTP_RULES, PAYOUT_MESSAGES, type Payout, TWO_FACTOR_CODE_INCORRECT } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../../../src/features/money/ledger/ledger.verify.ts';
import { advanceDuePayouts } from '../../../src/features/payouts/payout-rail.service.ts';
import {
  bearer,
  buildTestApp,
  dbOf,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
  useTestApp,
  walletBalance,
} from '../../helper.ts';
import {
  emailedCode,
  RAIL_ACCOUNTS,
  readyApp,
  readyMerchant,
  settlementAccount,
  transactionsOf,
} from './payout-fixtures.ts';

describe('payouts', () => {
  const ctx = useTestApp();

  let keyCount = 0;
  const start = (merchant: Merchant, body: object, key = `payout-key-${++keyCount}-${Date.now()}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(merchant.token), 'idempotency-key': key },
      payload: body,
    });
  const confirm = (merchant: Merchant, payoutId: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${payoutId}/confirm`,
      headers: bearer(merchant.token),
      payload: { code },
    });
  const resend = (merchant: Merchant, payoutId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${payoutId}/resend-code`,
      headers: bearer(merchant.token),
    });
  const get = (merchant: Merchant, payoutId: string) =>
    ctx.app.inject({ url: `/api/payouts/${payoutId}`, headers: bearer(merchant.token) });
  /** Runs the payouts job as if `seconds` had passed: the sandbox rail answers a few seconds after sending. */
  const railRuns = async (times = 2, seconds = 3_600) => {
    for (let run = 0; run < times; run++) {
      await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + seconds * 1_000));
    }
  };
  const ledgerOk = async () => expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);

  async function confirmedPayout(
    merchant: Merchant,
    body: { walletId: string; bankAccountId: string; amount: number },
  ) {
    const created = await start(merchant, body);
    expect(created.statusCode).toBe(201);
    const payout = created.json() as Payout;
    const confirmed = await confirm(merchant, payout.id, await emailedCode(ctx.app, merchant.email));
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json() as Payout;
  }

  it('refuses a merchant whose KYC is not done with 409 KYC_REQUIRED, and creates nothing', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    await dbOf(ctx.app).execute(
      sql`update users set status = 'PENDING_KYC' where id = ${merchant.userId}::uuid`,
    );
    const response = await start(merchant, { walletId, bankAccountId, amount: 500_000 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'KYC_REQUIRED', error: PAYOUT_MESSAGES.kycRequired });
    const rows = await sqlRows(ctx.app, sql`select id from payouts where user_id = ${merchant.userId}::uuid`);
    expect(rows).toHaveLength(0);
  });

  it('waits for the emailed code, then debits amount and fee, and settles on the rail', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant, 10_000_000);
    const created = await start(merchant, { walletId, bankAccountId, amount: 2_000_000 });
    expect(created.statusCode).toBe(201);
    const pending = created.json() as Payout;
    expect(pending).toMatchObject({
      status: 'PENDING_CONFIRMATION',
      confirmation: 'email',
      amount: 2_000_000,
      fee: 2_500,
      total: 2_002_500,
      currency: 'NGN',
      bankName: 'Guaranty Trust Bank',
      accountNumberMasked: '****6789',
      transactionId: null,
    });
    expect(await walletBalance(ctx.app, walletId)).toBe(10_000_000);

    const wrong = await confirm(merchant, pending.id, '000000');
    expect(wrong.statusCode).toBe(400);
    const code = await emailedCode(ctx.app, merchant.email);
    const confirmed = await confirm(merchant, pending.id, code);
    expect(confirmed.statusCode).toBe(200);
    const processing = confirmed.json() as Payout;
    expect(processing.status).toBe('PROCESSING');
    expect(await walletBalance(ctx.app, walletId)).toBe(10_000_000 - 2_002_500);
    const [debit, fee] = (await transactionsOf(ctx.app, merchant.userId)).filter((row) =>
      ['BANK_TRANSFER', 'FEE'].includes(row.transaction_channel),
    );
    expect(debit).toMatchObject({
      transaction_type: 'DEBIT',
      transaction_status: 'CREATED',
      transaction_channel: 'BANK_TRANSFER',
    });
    expect(Number(debit?.transaction_amount)).toBe(2_000_000);
    expect(fee).toMatchObject({ transaction_status: 'SUCCESSFUL', parent_transaction_id: debit?.id });
    expect(Number(fee?.transaction_amount)).toBe(2_500);
    await ledgerOk();

    const again = await confirm(merchant, pending.id, code);
    expect(again.statusCode).toBe(409);

    await railRuns();
    const settled = (await get(merchant, pending.id)).json() as Payout;
    expect(settled.status).toBe('SUCCESSFUL');
    expect(settled.settledAt).not.toBeNull();
    const [settledDebit] = await transactionsOf(ctx.app, merchant.userId).then((rows) =>
      rows.filter((row) => row.transaction_channel === 'BANK_TRANSFER'),
    );
    expect(settledDebit?.transaction_status).toBe('SUCCESSFUL');
    expect(await walletBalance(ctx.app, walletId)).toBe(10_000_000 - 2_002_500);
    const events = await sqlRows<{ event_type: string }>(
      ctx.app,
      sql`select event_type from outbox_events where user_id = ${merchant.userId}::uuid and event_type like 'payout.%'`,
    );
    expect(events.map((event) => event.event_type).sort()).toEqual(['payout.created', 'payout.succeeded']);
    await ledgerOk();
  });

  it('reverses a payout the bank refuses: the amount and the fee come back once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId } = await readyMerchant(ctx.app, merchant, 1_000_000);
    const bankAccountId = await settlementAccount(ctx.app, merchant.userId, {
      accountNumber: RAIL_ACCOUNTS.closed,
    });
    const payout = await confirmedPayout(merchant, { walletId, bankAccountId, amount: 400_000 });
    expect(await walletBalance(ctx.app, walletId)).toBe(1_000_000 - 401_000);
    await railRuns(3);
    const failed = (await get(merchant, payout.id)).json() as Payout;
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'Account closed' });
    expect(await walletBalance(ctx.app, walletId)).toBe(1_000_000);
    const rows = await transactionsOf(ctx.app, merchant.userId);
    expect(rows.find((row) => row.transaction_channel === 'BANK_TRANSFER')?.transaction_status).toBe(
      'FAILED',
    );
    expect(rows.filter((row) => row.transaction_channel === 'ADJUSTMENT')).toHaveLength(1);
    await ledgerOk();
  });

  const deactivate = (merchant: Merchant, bankAccountId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/bank/accounts/${bankAccountId}/deactivate`,
      headers: bearer(merchant.token),
    });

  it('refuses to confirm a payout whose account was deactivated after it was started, and cancels it', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant, 1_000_000);
    const pending = (await start(merchant, { walletId, bankAccountId, amount: 100_000 })).json() as Payout;
    expect((await deactivate(merchant, bankAccountId)).statusCode).toBe(200);
    const refused = await confirm(merchant, pending.id, await emailedCode(ctx.app, merchant.email));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'BANK_ACCOUNT_INACTIVE',
      error: PAYOUT_MESSAGES.accountDeactivatedSinceStarted,
    });
    expect(((await get(merchant, pending.id)).json() as Payout).status).toBe('CANCELLED');
    expect(await walletBalance(ctx.app, walletId)).toBe(1_000_000);
    const debits = (await transactionsOf(ctx.app, merchant.userId)).filter(
      (row) => row.transaction_channel === 'BANK_TRANSFER',
    );
    expect(debits).toHaveLength(0);
  });

  it('fails a confirmed payout whose account was deactivated before the rail got it: the money comes back, the merchant sees why', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant, 1_000_000);
    // The rail is unreachable when the payout is confirmed: it waits for the payouts job to hand it over.
    const send = vi
      .spyOn(ctx.app.deps.payoutRail, 'send')
      .mockRejectedValueOnce(new Error('rail unreachable'));
    const payout = await confirmedPayout(merchant, { walletId, bankAccountId, amount: 400_000 });
    expect(payout.status).toBe('PROCESSING');
    expect(await walletBalance(ctx.app, walletId)).toBe(1_000_000 - 401_000);
    expect((await deactivate(merchant, bankAccountId)).statusCode).toBe(200);
    await railRuns(3);
    expect(send).toHaveBeenCalledTimes(1);
    send.mockRestore();
    expect((await get(merchant, payout.id)).json()).toMatchObject({
      status: 'FAILED',
      failureReason: PAYOUT_MESSAGES.accountDeactivatedBeforeSending,
    });
    expect(await walletBalance(ctx.app, walletId)).toBe(1_000_000);
    const events = await sqlRows<{ event_type: string }>(
      ctx.app,
      sql`select event_type from outbox_events where user_id = ${merchant.userId}::uuid and event_type like 'payout.%'`,
    );
    expect(events.map((event) => event.event_type).sort()).toEqual(['payout.created', 'payout.failed']);
    await ledgerOk();
  });

  it('keeps a payout pending while the rail is busy and settles it on the scheduled retry', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId } = await readyMerchant(ctx.app, merchant, 1_000_000);
    const bankAccountId = await settlementAccount(ctx.app, merchant.userId, {
      accountNumber: RAIL_ACCOUNTS.busy,
    });
    const payout = await confirmedPayout(merchant, { walletId, bankAccountId, amount: 100_000 });
    await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + 5_000));
    await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + 10_000));
    expect(((await get(merchant, payout.id)).json() as Payout).status).toBe('PROCESSING');
    await railRuns(1, 120);
    expect(((await get(merchant, payout.id)).json() as Payout).status).toBe('SUCCESSFUL');
    await ledgerOk();
  });

  it('asks for the authenticator code when two-factor is on', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const twoFactor = `/api/users/${merchant.userId}/two-factor`;
    const { secret } = (
      await ctx.app.inject({ method: 'POST', url: `${twoFactor}/setup`, headers: bearer(merchant.token) })
    ).json() as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await ctx.app.inject({
      method: 'POST',
      url: `${twoFactor}/enable`,
      headers: bearer(merchant.token),
      payload: { code: totp.generate() },
    });
    const created = (await start(merchant, { walletId, bankAccountId, amount: 100_000 })).json() as Payout;
    expect(created.confirmation).toBe('two_factor');
    const wrong = await confirm(merchant, created.id, '000000');
    expect(wrong.json()).toMatchObject({ error: TWO_FACTOR_CODE_INCORRECT });
    const confirmed = await confirm(merchant, created.id, totp.generate({ timestamp: Date.now() + 30_000 }));
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as Payout).status).toBe('PROCESSING');
    const resent = await resend(merchant, created.id);
    expect(resent.statusCode).toBe(409);
  });

  it('emails a new code on request: the old one stops working, the new one confirms, and the payout waits again', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const created = (await start(merchant, { walletId, bankAccountId, amount: 20_000 })).json() as Payout;
    const first = await emailedCode(ctx.app, merchant.email);
    for (let attempt = 0; attempt < OTP_RULES.maxWrongTries; attempt++)
      await confirm(merchant, created.id, '000000');
    expect((await confirm(merchant, created.id, first)).json()).toMatchObject({ code: 'OTP_LOCKED' });

    const resent = await resend(merchant, created.id);
    expect(resent.statusCode).toBe(200);
    const waiting = resent.json() as Payout;
    expect(waiting.status).toBe('PENDING_CONFIRMATION');
    expect(Date.parse(waiting.confirmBy ?? '')).toBeGreaterThan(Date.parse(created.confirmBy ?? ''));
    const second = await emailedCode(ctx.app, merchant.email);
    expect((await confirm(merchant, created.id, first)).statusCode).toBe(400);
    const confirmed = await confirm(merchant, created.id, second);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'PROCESSING', confirmBy: null });

    expect((await resend(merchant, created.id)).json()).toMatchObject({ code: 'PAYOUT_NOT_PENDING' });
    const stranger = await signUpMerchant(ctx.app);
    expect((await resend(stranger, created.id)).statusCode).toBe(404);
    expect((await resend(merchant, 'not-an-id')).statusCode).toBe(400);
  });

  it('replays a retried request with the same Idempotency-Key: one payout, one email', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const body = { walletId, bankAccountId, amount: 100_000 };
    const first = await start(merchant, body, 'retry-key-0001');
    const second = await start(merchant, body, 'retry-key-0001');
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const different = await start(merchant, { ...body, amount: 200_000 }, 'retry-key-0001');
    expect(different.statusCode).toBe(409);
    const rows = await sqlRows(ctx.app, sql`select id from payouts where user_id = ${merchant.userId}::uuid`);
    expect(rows).toHaveLength(1);
  });

  it('finds the payout by its Idempotency-Key even when the request store has lost the key', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const body = { walletId, bankAccountId, amount: 100_000 };
    const first = await start(merchant, body, 'lost-key-0001');
    // The store's row commits without waiting for the disk: a crash can lose it, or a retry outlive its lease.
    await dbOf(ctx.app).execute(sql`delete from idempotency_keys where key = 'lost-key-0001'`);
    const retried = await start(merchant, body, 'lost-key-0001');
    expect(retried.statusCode).toBe(201);
    expect(retried.json().id).toBe(first.json().id);
    await dbOf(ctx.app).execute(sql`delete from idempotency_keys where key = 'lost-key-0001'`);
    const other = await start(merchant, { ...body, amount: 200_000 }, 'lost-key-0001');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    const rows = await sqlRows(ctx.app, sql`select id from payouts where user_id = ${merchant.userId}::uuid`);
    expect(rows).toHaveLength(1);
  });

  it('holds a newly added account for three minutes on the sandbox rail, and says until when', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId } = await readyMerchant(ctx.app, merchant);
    const bankAccountId = await settlementAccount(ctx.app, merchant.userId, { addedHoursAgo: 1 / 60 });
    const response = await start(merchant, { walletId, bankAccountId, amount: 100_000 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ACCOUNT_ON_HOLD');
    expect(response.json().error).toContain(PAYOUT_MESSAGES.accountOnHold);
    // A minute ago plus the sandbox's 3-minute hold: 2 minutes from now, in UTC (to the minute).
    const opens = /open at (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC\.$/.exec(response.json().error)?.[1];
    expect(Math.abs(Date.parse(`${opens?.replace(' ', 'T')}Z`) - (Date.now() + 2 * 60_000))).toBeLessThan(
      61_000,
    );
    const pastHold = await settlementAccount(ctx.app, merchant.userId, { addedHoursAgo: 4 / 60 });
    expect((await start(merchant, { walletId, bankAccountId: pastHold, amount: 100_000 })).statusCode).toBe(
      201,
    );
  });

  it('refuses what the wallet cannot cover, below the minimum, another currency and a deactivated account', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant, 100_000);
    const tooMuch = await start(merchant, { walletId, bankAccountId, amount: 100_000 });
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: PAYOUT_MESSAGES.insufficientFunds,
    });
    const tiny = await start(merchant, { walletId, bankAccountId, amount: 9_999 });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toMatchObject({ code: 'BELOW_MINIMUM' });
    expect(tiny.json().error).toContain('The minimum is ₦100.00');
    const usdAccount = await settlementAccount(ctx.app, merchant.userId, { currency: 'USD' });
    const mismatch = await start(merchant, { walletId, bankAccountId: usdAccount, amount: 20_000 });
    expect(mismatch.json()).toMatchObject({ error: PAYOUT_MESSAGES.currencyMismatch });
    await dbOf(ctx.app).execute(
      sql`update bank_accounts set status = 'DEACTIVATED' where id = ${bankAccountId}::uuid`,
    );
    const inactive = await start(merchant, { walletId, bankAccountId, amount: 20_000 });
    expect(inactive.json()).toMatchObject({ code: 'BANK_ACCOUNT_INACTIVE' });
  });

  it.each([
    [{}, 'Choose a wallet'],
    [{ walletId: 'nope', bankAccountId: crypto.randomUUID(), amount: 100 }, 'Choose a wallet'],
    [{ walletId: crypto.randomUUID(), bankAccountId: crypto.randomUUID(), amount: 1.5 }, 'whole minor units'],
    [{ walletId: crypto.randomUUID(), bankAccountId: crypto.randomUUID(), amount: -5 }, 'greater than zero'],
    [{ walletId: crypto.randomUUID(), bankAccountId: crypto.randomUUID(), amount: 1e30 }, 'too large'],
    [{ walletId: crypto.randomUUID(), bankAccountId: crypto.randomUUID(), amount: '100' }, 'Enter an amount'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await start(merchant, body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it("answers 404 for another merchant's wallet, account or payout, and moves nothing", async () => {
    const owner = await signUpMerchant(ctx.app);
    const attacker = await signUpMerchant(ctx.app);
    const mine = await readyMerchant(ctx.app, owner);
    const theirs = await readyMerchant(ctx.app, attacker);
    const foreignWallet = await start(attacker, {
      walletId: mine.walletId,
      bankAccountId: theirs.bankAccountId,
      amount: 100_000,
    });
    expect(foreignWallet.statusCode).toBe(404);
    const foreignAccount = await start(attacker, {
      walletId: theirs.walletId,
      bankAccountId: mine.bankAccountId,
      amount: 100_000,
    });
    expect(foreignAccount.statusCode).toBe(404);
    const payout = (
      await start(owner, { walletId: mine.walletId, bankAccountId: mine.bankAccountId, amount: 100_000 })
    ).json() as Payout;
    expect((await get(attacker, payout.id)).statusCode).toBe(404);
    expect((await confirm(attacker, payout.id, await emailedCode(ctx.app, owner.email))).statusCode).toBe(
      404,
    );
    expect(((await get(owner, payout.id)).json() as Payout).status).toBe('PENDING_CONFIRMATION');
    expect(await walletBalance(ctx.app, mine.walletId)).toBe(10_000_000);
  });

  it('lists payouts newest first and shows the terms with what is used of the daily limit', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    await confirmedPayout(merchant, { walletId, bankAccountId, amount: 100_000 });
    await start(merchant, { walletId, bankAccountId, amount: 200_000 });
    const list = (await ctx.app.inject({ url: '/api/payouts', headers: bearer(merchant.token) })).json() as {
      payouts: Payout[];
    };
    expect(list.payouts.map((payout) => payout.amount)).toEqual([200_000, 100_000]);
    const terms = (
      await ctx.app.inject({ url: '/api/payouts/terms', headers: bearer(merchant.token) })
    ).json();
    expect(terms.holdHours).toBe(0.05);
    expect(terms.currencies.find((entry: { currency: string }) => entry.currency === 'NGN')).toMatchObject({
      minimum: 10_000,
      usedToday: 100_000,
      dailyLimit: 500_000_000,
    });
  });
});

describe('payouts and the daily limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const base = await import('../../helper.ts').then((helper) => helper.testConfig());
    ctx = await buildTestApp({ payouts: { ...base.payouts, dailyLimits: { NGN: 300_000, USD: 100_000 } } });
  });
  afterAll(() => ctx.close());

  it('refuses a payout that would pass the daily limit', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const headers = (key: string) => ({ ...bearer(merchant.token), 'idempotency-key': key });
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: headers('limit-key-0001'),
      payload: { walletId, bankAccountId, amount: 200_000 },
    });
    const code = await emailedCode(ctx.app, merchant.email);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${first.json().id}/confirm`,
      headers: bearer(merchant.token),
      payload: { code },
    });
    const over = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: headers('limit-key-0002'),
      payload: { walletId, bankAccountId, amount: 200_000 },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'DAILY_LIMIT', error: PAYOUT_MESSAGES.dailyLimit });
  });

  /** A payout started and confirmed from the merchant's session, acting for itself or one of its apps. */
  const payOut = async (
    merchant: Merchant,
    userId: string,
    { walletId, bankAccountId }: { walletId: string; bankAccountId: string },
    amount: number,
  ) => {
    const headers = { ...bearer(merchant.token), user_id: userId };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...headers, 'idempotency-key': `limit-${crypto.randomUUID()}` },
      payload: { walletId, bankAccountId, amount },
    });
    if (created.statusCode !== 201) return created;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${created.json().id}/confirm`,
      headers,
      payload: { code: await emailedCode(ctx.app, merchant.email) },
    });
  };
  const ngnTerms = async (merchant: Merchant, userId: string) => {
    const terms = await ctx.app.inject({
      url: '/api/payouts/terms',
      headers: { ...bearer(merchant.token), user_id: userId },
    });
    return terms.json().currencies.find((entry: { currency: string }) => entry.currency === 'NGN');
  };

  it('counts the limit over the merchant and all its apps together: a new app brings no new limit', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const own = await readyMerchant(ctx.app, merchant);
    const shop = await readyApp(ctx.app, merchant);
    const kiosk = await readyApp(ctx.app, merchant);
    expect((await payOut(merchant, merchant.userId, own, 150_000)).statusCode).toBe(200);
    expect((await payOut(merchant, shop.appId, shop, 150_000)).statusCode).toBe(200);
    // The merchant and one app used the whole ₦3,000 limit: the other app has nothing left.
    const refused = await payOut(merchant, kiosk.appId, kiosk, 10_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DAILY_LIMIT', error: PAYOUT_MESSAGES.dailyLimit });
    expect(await walletBalance(ctx.app, kiosk.walletId)).toBe(10_000_000);
    expect(await ngnTerms(merchant, kiosk.appId)).toMatchObject({ dailyLimit: 300_000, usedToday: 300_000 });
    expect(await ngnTerms(merchant, merchant.userId)).toMatchObject({ usedToday: 300_000 });
  });

  it("does not count another merchant's payouts against the limit", async () => {
    const busy = await signUpMerchant(ctx.app);
    const quiet = await signUpMerchant(ctx.app);
    expect((await payOut(busy, busy.userId, await readyMerchant(ctx.app, busy), 300_000)).statusCode).toBe(
      200,
    );
    expect(await ngnTerms(quiet, quiet.userId)).toMatchObject({ usedToday: 0 });
  });
});
