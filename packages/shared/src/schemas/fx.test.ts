import { describe, expect, it } from 'vitest';
import { FxConversionRequestSchema, FxQuoteRequestSchema, fxInsufficientFundsMessage } from './fx.ts';

const messagesFor = (
  schema: { safeParse(input: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const request = { from: 'NGN', to: 'USD', amount: 1_000_000, side: 'sell' };

describe('FxQuoteRequestSchema', () => {
  it('takes a currency pair, an amount in minor units and a side', () => {
    expect(FxQuoteRequestSchema.parse(request)).toEqual(request);
    expect(FxQuoteRequestSchema.parse({ ...request, from: 'USD', to: 'NGN', side: 'buy' })).toEqual({
      ...request,
      from: 'USD',
      to: 'NGN',
      side: 'buy',
    });
  });

  it('wants two different currencies', () => {
    expect(messagesFor(FxQuoteRequestSchema, { ...request, to: 'NGN' })).toEqual([
      'to: from and to must differ',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, from: 'EUR' })).toEqual([
      'from: from must be NGN or USD',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { amount: 1_000_00, side: 'sell' })).toEqual([
      'from: from is required',
      'to: to is required',
    ]);
  });

  it('wants a positive whole number of minor units within the limits of the currency it is given in', () => {
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: 10.5 })).toEqual([
      'amount: Amount must be a whole number of kobo or cents',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: '1000' })).toEqual([
      'amount: Amount must be a whole number of kobo or cents',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: -5 })).toEqual([
      'amount: Amount must be greater than zero',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: 0 })).toEqual([
      'amount: Amount must be greater than zero',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: 99_99 })).toEqual([
      'amount: Amount must be at least ₦100.00',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: 1e20 })).toEqual([
      'amount: Amount must be at most ₦100,000,000.00',
    ]);
    // buy: the amount is in the currency that arrives.
    expect(messagesFor(FxQuoteRequestSchema, { ...request, side: 'buy', amount: 100_000_01 })).toEqual([
      'amount: Amount must be at most $100,000.00',
    ]);
    expect(messagesFor(FxQuoteRequestSchema, { ...request, amount: undefined })).toEqual([
      'amount: Amount is required',
    ]);
  });

  it("wants side 'sell' or 'buy'", () => {
    expect(messagesFor(FxQuoteRequestSchema, { ...request, side: 'both' })).toEqual([
      "side: side must be 'sell' or 'buy'",
    ]);
  });
});

describe('FxConversionRequestSchema', () => {
  it('wants the id of a quote', () => {
    expect(messagesFor(FxConversionRequestSchema, {})).toEqual(['quoteId: Quote ID is required']);
    expect(messagesFor(FxConversionRequestSchema, { quoteId: 'abc' })).toEqual([
      'quoteId: Quote ID is invalid',
    ]);
  });
});

describe('fxInsufficientFundsMessage', () => {
  it('names the wallet by its currency', () => {
    expect(fxInsufficientFundsMessage('NGN')).toBe('Your Naira balance is not enough for this conversion.');
  });
});
