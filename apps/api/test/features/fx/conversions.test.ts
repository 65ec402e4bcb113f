import { randomUUID } from 'node:crypto';
import type { Currency, FxConversion, FxSide } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRate, worth } from '../../../src/features/fx/fx-pricing.ts';
import { verifyLedger } from '../../../src/features/money/ledger/ledger.verify.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  dbOf,
  fundWallet,
  type Merchant,
  type MerchantWallets,
  signUpMerchant,
  useTestApp,
  walletBalance,
  walletIdsOf,
} from '../../helper.ts';
import { entriesOf, netByAccount, quote, requestConversion, sellNaira } from './fx-fixtures.ts';

describe('POST /api/fx/conversions', () => {
  const ctx = useTestApp();
  afterEach(() => vi.useRealTimers());

  async function fundedMerchant(naira = 0, dollars = 0): Promise<Merchant & { wallets: MerchantWallets }> {
    const merchant = await signUpMerchant(ctx.app);
    const wallets = { userId: merchant.userId, ...(await walletIdsOf(ctx.app, merchant.userId)) };
    if (naira > 0) await fundWallet(ctx.app, wallets.NGN, naira, 'NGN');
    if (dollars > 0) await fundWallet(ctx.app, wallets.USD, dollars, 'USD');
    return { ...merchant, wallets };
  }

  const balances = async (wallets: MerchantWallets) => ({
    NGN: await walletBalance(ctx.app, wallets.NGN),
    USD: await walletBalance(ctx.app, wallets.USD),
  });

  const transaction = async (merchant: Merchant, id: string) =>
    (await ctx.app.inject({ url: `/api/transaction/${id}`, headers: bearer(merchant.token) })).json();

  const conversionsOf = (userId: string) =>
    countRows(
      ctx.app,
      sql`select count(*) as n from transactions where user_id = ${userId} and transaction_channel = 'FX'`,
    );

  it('moves the quoted amounts through the FX accounts, balanced per currency: two linked transactions and the fee as the debit’s child', async () => {
    const merchant = await fundedMerchant(250_000_00);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    const response = await requestConversion(ctx.app, merchant, priced.id);
    expect(response.statusCode, response.body).toBe(201);
    const conversion = response.json() as FxConversion;
    expect(conversion).toMatchObject({
      quote: priced,
      reference: expect.stringMatching(/^FX-[A-Z2-9]{10}$/),
      feeTransactionId: expect.any(String),
    });

    expect(await balances(merchant.wallets)).toEqual({
      NGN: 250_000_00 - priced.amountIn,
      USD: priced.amountOut,
    });

    const principal = priced.amountIn - priced.fee;
    expect(await transaction(merchant, conversion.debitTransactionId)).toMatchObject({
      transactionType: 'DEBIT',
      transactionStatus: 'SUCCESSFUL',
      transactionChannel: 'FX',
      transactionAmount: principal,
      currencyCode: 'NGN',
      description: 'Conversion to USD',
      beneficiary: 'Dollars wallet',
      orderReference: conversion.reference,
      walletId: merchant.wallets.NGN,
      parentTransactionId: null,
    });
    expect(await transaction(merchant, conversion.feeTransactionId as string)).toMatchObject({
      transactionType: 'DEBIT',
      transactionChannel: 'FEE',
      transactionAmount: priced.fee,
      currencyCode: 'NGN',
      orderReference: conversion.reference,
      parentTransactionId: conversion.debitTransactionId,
    });
    expect(await transaction(merchant, conversion.creditTransactionId)).toMatchObject({
      transactionType: 'CREDIT',
      transactionStatus: 'SUCCESSFUL',
      transactionChannel: 'FX',
      transactionAmount: priced.amountOut,
      currencyCode: 'USD',
      description: 'Conversion from NGN',
      orderReference: conversion.reference,
      walletId: merchant.wallets.USD,
      parentTransactionId: conversion.debitTransactionId,
    });

    const entries = await entriesOf(ctx.app, [
      conversion.debitTransactionId,
      conversion.feeTransactionId as string,
      conversion.creditTransactionId,
    ]);
    expect(netByAccount(entries)).toEqual({
      'NGN wallet': -priced.amountIn,
      'NGN FX': principal,
      'NGN FEES_EARNED': priced.fee,
      'USD FX': -priced.amountOut,
      'USD wallet': priced.amountOut,
    });
    expect(new Set(entries.map((entry) => entry.kind))).toEqual(new Set(['FX', 'FEE']));
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });

  it('converts dollars to naira on the buy side: exactly the naira asked for arrive', async () => {
    const merchant = await fundedMerchant(0, 100_00);
    const priced = await quote(ctx.app, merchant, { from: 'USD', to: 'NGN', amount: 50_000_00, side: 'buy' });
    expect(priced.amountOut).toBe(50_000_00);
    const response = await requestConversion(ctx.app, merchant, priced.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(await balances(merchant.wallets)).toEqual({ NGN: 50_000_00, USD: 100_00 - priced.amountIn });
  });

  it('refuses an expired quote with 409 QUOTE_EXPIRED and moves nothing', async () => {
    const merchant = await fundedMerchant(250_000_00);
    vi.useFakeTimers({ toFake: ['Date'] });
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    vi.setSystemTime(Date.parse(priced.expiresAt) - 1);
    const justInTime = await quote(ctx.app, merchant, sellNaira(100_00));
    vi.setSystemTime(Date.parse(priced.expiresAt));
    const response = await requestConversion(ctx.app, merchant, priced.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'This quote has expired. Get a new quote and try again.',
      code: 'QUOTE_EXPIRED',
    });
    expect(await balances(merchant.wallets)).toEqual({ NGN: 250_000_00, USD: 0 });
    expect(await conversionsOf(merchant.userId)).toBe(0);
    // A quote converts until its last millisecond.
    expect((await requestConversion(ctx.app, merchant, justInTime.id)).statusCode).toBe(201);
  });

  it('honours the configured lifetime of a quote', async () => {
    const short = await buildTestApp({
      fx: { ...ctx.app.deps.config.fx, quoteTtlSeconds: 5 },
    });
    try {
      const merchant = await signUpMerchant(short.app);
      const response = await short.app.inject({
        method: 'POST',
        url: '/api/fx/quotes',
        headers: bearer(merchant.token),
        payload: sellNaira(100_00),
      });
      const { createdAt, expiresAt } = response.json();
      expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(5_000);
    } finally {
      await short.close();
    }
  });

  it('refuses a conversion the wallet cannot pay with 409 INSUFFICIENT_FUNDS, moving nothing; the quote still converts once funded', async () => {
    const merchant = await fundedMerchant(60_000_00);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    const response = await requestConversion(ctx.app, merchant, priced.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Your Naira balance is not enough for this conversion.',
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balances(merchant.wallets)).toEqual({ NGN: 60_000_00, USD: 0 });
    expect(await conversionsOf(merchant.userId)).toBe(0);

    await fundWallet(ctx.app, merchant.wallets.NGN, 40_000_00);
    expect((await requestConversion(ctx.app, merchant, priced.id)).statusCode).toBe(201);
    expect(await balances(merchant.wallets)).toEqual({ NGN: 0, USD: priced.amountOut });
  });

  it('refuses when the balance covers what is converted but not the fee', async () => {
    const merchant = await fundedMerchant(100_000_00 - 1);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    expect((await requestConversion(ctx.app, merchant, priced.id)).json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await balances(merchant.wallets)).toEqual({ NGN: 100_000_00 - 1, USD: 0 });
  });

  it('answers a retry with the same key as the first time, moving the money once', async () => {
    const merchant = await fundedMerchant(250_000_00);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    const key = randomUUID();
    const first = await requestConversion(ctx.app, merchant, priced.id, key);
    const again = await requestConversion(ctx.app, merchant, priced.id, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await balances(merchant.wallets)).toEqual({
      NGN: 250_000_00 - priced.amountIn,
      USD: priced.amountOut,
    });
    expect(await conversionsOf(merchant.userId)).toBe(2);

    // Even when the idempotency store no longer has the key (24 hours on), the quote knows its conversion.
    await dbOf(ctx.app).execute(sql`delete from idempotency_keys where key = ${key}`);
    const later = await requestConversion(ctx.app, merchant, priced.id, key);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(first.json());
    expect(await conversionsOf(merchant.userId)).toBe(2);
  });

  it('converts a quote at most once: another key gets 409 QUOTE_ALREADY_USED', async () => {
    const merchant = await fundedMerchant(250_000_00);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    expect((await requestConversion(ctx.app, merchant, priced.id)).statusCode).toBe(201);
    const second = await requestConversion(ctx.app, merchant, priced.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'This quote has already been converted. Get a new quote to convert again.',
      code: 'QUOTE_ALREADY_USED',
    });
    expect(await balances(merchant.wallets)).toEqual({
      NGN: 250_000_00 - priced.amountIn,
      USD: priced.amountOut,
    });
  });

  it("answers 404 for another merchant's quote, or none, and moves nothing", async () => {
    const owner = await fundedMerchant(250_000_00);
    const stranger = await fundedMerchant(250_000_00);
    const priced = await quote(ctx.app, owner, sellNaira(100_000_00));
    for (const quoteId of [priced.id, randomUUID()]) {
      const response = await requestConversion(ctx.app, stranger, quoteId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Quote not found', code: 'NOT_FOUND' });
    }
    expect(await balances(owner.wallets)).toEqual({ NGN: 250_000_00, USD: 0 });
    expect(await balances(stranger.wallets)).toEqual({ NGN: 250_000_00, USD: 0 });
    // The owner can still convert it.
    expect((await requestConversion(ctx.app, owner, priced.id)).statusCode).toBe(201);
  });

  it('wants an Idempotency-Key and a quote id', async () => {
    const merchant = await fundedMerchant();
    const withoutKey = await requestConversion(ctx.app, merchant, randomUUID(), null);
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().error).toBe('An Idempotency-Key header is required');
    const badId = await requestConversion(ctx.app, merchant, 'not-a-quote');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('Quote ID is invalid');
  });

  it('never creates or loses money: per currency, what leaves the wallet is what arrives plus the fee and the spread at the quoted rate', async () => {
    const merchant = await fundedMerchant();
    const pairs: [Currency, Currency][] = [
      ['NGN', 'USD'],
      ['USD', 'NGN'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pairs),
        fc.constantFrom<FxSide>('sell', 'buy'),
        fc.integer({ min: 1_00, max: 10_000_00 }),
        async ([from, to], side, major) => {
          const amount = (side === 'sell' ? from : to) === 'NGN' ? major * 100 : major;
          const priced = await quote(ctx.app, merchant, { from, to, side, amount });
          await fundWallet(ctx.app, merchant.wallets[from], priced.amountIn, from);
          const before = await balances(merchant.wallets);
          const response = await requestConversion(ctx.app, merchant, priced.id);
          expect(response.statusCode, response.body).toBe(201);
          const conversion = response.json() as FxConversion;
          const ids = [conversion.debitTransactionId, conversion.creditTransactionId];
          if (conversion.feeTransactionId) ids.push(conversion.feeTransactionId);
          const entries = await entriesOf(ctx.app, ids);
          const net = netByAccount(entries);
          const principal = priced.amountIn - priced.fee;

          // Balanced per currency: nothing created or lost in either.
          for (const currency of [from, to]) {
            const sum = entries
              .filter((entry) => entry.currency === currency)
              .reduce((total, entry) => total + Number(entry.amount), 0);
            expect(sum, currency).toBe(0);
          }
          // What leaves = what the FX account takes + the fee; what arrives = what the FX account pays.
          expect(net[`${from} wallet`]).toBe(-priced.amountIn);
          expect(net[`${from} FX`]).toBe(principal);
          expect(net[`${from} FEES_EARNED`] ?? 0).toBe(priced.fee);
          expect(net[`${to} FX`]).toBe(-priced.amountOut);
          expect(net[`${to} wallet`]).toBe(priced.amountOut);
          const after = await balances(merchant.wallets);
          expect(after[from]).toBe(before[from] - priced.amountIn);
          expect(after[to]).toBe(before[to] + priced.amountOut);

          // At the quoted rate, what is converted pays for what arrives, and the spread is kept: at most one
          // minor unit of either side is the house's rounding.
          const value = worth(BigInt(principal), from, to, parseRate(priced.rate));
          expect(BigInt(priced.amountOut) * value.denominator <= value.numerator).toBe(true);
          const lessOne = worth(BigInt(principal - 1), from, to, parseRate(priced.rate));
          expect(
            side === 'sell'
              ? value.numerator < BigInt(priced.amountOut + 1) * value.denominator
              : lessOne.numerator < BigInt(priced.amountOut) * lessOne.denominator,
          ).toBe(true);
          const atMid = worth(BigInt(principal), from, to, parseRate(priced.midRate));
          expect(BigInt(priced.amountOut) * atMid.denominator <= atMid.numerator).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
    // 25 quotes and conversions through the API: seconds alone, much longer beside the rest of the suite.
  }, 120_000);
});
