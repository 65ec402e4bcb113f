import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { requestQuote, sellNaira } from './fx-fixtures.ts';

describe('POST /api/fx/quotes', () => {
  let ctx: TestContext;
  let merchant: Merchant;

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  const HOUR_MS = 3_600_000;
  /** On the hour the sandbox's drift is zero: its mid rate is the configured ₦1,550 per dollar. */
  const onTheHour = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS);
  const later = (ms: number) => new Date(onTheHour.getTime() + ms).toISOString();

  it('prices a sale of naira at the sandbox mid rate plus the spread, less the fee, held for 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onTheHour);
    const response = await requestQuote(ctx.app, merchant, sellNaira(100_000_00));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      from: 'NGN',
      to: 'USD',
      side: 'sell',
      midRate: '1550.0000',
      // 1550 x (1 + 150 bps), naira per dollar
      rate: '1573.2500',
      rateBase: 'USD',
      rateCounter: 'NGN',
      spreadBps: 150,
      feeBps: 50,
      // 50 bps of ₦100,000
      fee: 500_00,
      amountIn: 100_000_00,
      // ₦99,500 / 1573.25 = $63.2449... rounded down
      amountOut: 63_24,
      expiresAt: later(30_000),
      createdAt: later(0),
    });
  });

  it('prices a purchase of naira with dollars: exactly the naira asked for arrive', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onTheHour);
    const response = await requestQuote(ctx.app, merchant, {
      from: 'USD',
      to: 'NGN',
      amount: 100_000_00,
      side: 'buy',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      midRate: '1550.0000',
      rate: '1526.7500',
      amountOut: 100_000_00,
      amountIn: 65_83,
      fee: 33,
    });
  });

  it('follows the sandbox rate as it drifts through the hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(later(15 * 60_000));
    const response = await requestQuote(ctx.app, merchant, sellNaira(100_000_00));
    // sin(quarter turn) = 1: 1550 x 1.005
    expect(response.json()).toMatchObject({ midRate: '1557.7500', rate: '1581.1163' });
  });

  it.each([
    [{ ...sellNaira(100_000_00), to: 'NGN' }, 'to', 'from and to must differ'],
    [{ ...sellNaira(100_000_00), from: 'GBP' }, 'from', 'from must be NGN or USD'],
    [
      { ...sellNaira(100_000_00), amount: 1000.5 },
      'amount',
      'Amount must be a whole number of kobo or cents',
    ],
    [
      { ...sellNaira(100_000_00), amount: '100000' },
      'amount',
      'Amount must be a whole number of kobo or cents',
    ],
    [{ ...sellNaira(100_000_00), amount: -100_000_00 }, 'amount', 'Amount must be greater than zero'],
    [{ ...sellNaira(100_000_00), amount: 0 }, 'amount', 'Amount must be greater than zero'],
    [{ ...sellNaira(100_000_00), amount: 1e300 }, 'amount', 'Amount must be at most ₦100,000,000.00'],
    [
      { ...sellNaira(100_000_00), amount: Number.MAX_SAFE_INTEGER + 2 },
      'amount',
      'Amount must be at most ₦100,000,000.00',
    ],
    [{ ...sellNaira(100_000_00), amount: 50_00 }, 'amount', 'Amount must be at least ₦100.00'],
    [
      { from: 'NGN', to: 'USD', amount: 200_000_00, side: 'buy' },
      'amount',
      'Amount must be at most $100,000.00',
    ],
    [{ ...sellNaira(100_000_00), side: 'swap' }, 'side', "side must be 'sell' or 'buy'"],
    [{ from: 'NGN', to: 'USD', side: 'sell' }, 'amount', 'Amount is required'],
  ])('refuses %j with a 400 naming %s', async (body, path, message) => {
    const response = await requestQuote(ctx.app, merchant, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: message,
      code: 'VALIDATION_ERROR',
      details: [{ path, message }],
    });
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/fx/quotes',
      payload: sellNaira(100_00),
    });
    expect(response.statusCode).toBe(401);
  });
});
