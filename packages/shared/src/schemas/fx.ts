import { z } from 'zod';
import { CURRENCIES, CURRENCY_INFO, type Currency } from '../constants.ts';
import { formatMoney } from '../format/money.ts';
import { amountBoundsByCurrency } from './fields.ts';

/** sell: the amount is what leaves the `from` wallet (fee included); buy: the amount is what arrives in `to`. */
export const FX_SIDES = ['sell', 'buy'] as const;
export type FxSide = (typeof FX_SIDES)[number];

/**
 * Rates are the price of one unit of the pair's base currency in its counter currency, as the market quotes
 * USD/NGN ("1 USD = 1,573.2500 NGN"), whichever way the money goes; to 4 decimal places, exactly.
 */
export const FX_PAIR = { base: 'USD', counter: 'NGN' } as const satisfies {
  base: Currency;
  counter: Currency;
};
export const FX_RATE_DECIMALS = 4;

export const FX_LIMITS = {
  /** Per conversion, in the currency the amount is given in (from for sell, to for buy). */
  minAmount: { NGN: 100_00, USD: 1_00 } satisfies Record<Currency, number>,
  maxAmount: { NGN: 100_000_000_00, USD: 100_000_00 } satisfies Record<Currency, number>,
} as const;

const AMOUNT_NOT_WHOLE = 'Amount must be a whole number of kobo or cents';

const currencyOf = (label: string) =>
  z.enum(CURRENCIES, {
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be NGN or USD`),
  });

// sell: the amount is in `from`; buy: in `to`.
const fxAmountBounds = amountBoundsByCurrency(
  FX_LIMITS,
  CURRENCIES.flatMap((currency): { when: Record<string, string>; currency: Currency }[] => [
    { when: { side: 'sell', from: currency }, currency },
    { when: { side: 'buy', to: currency }, currency },
  ]),
);

/** What a merchant asks a price for: every amount is integer minor units of its currency. */
export const FxQuoteRequestSchema = z
  .object({
    from: currencyOf('from'),
    to: currencyOf('to'),
    amount: z
      .number({
        error: (issue) => (issue.input === undefined ? 'Amount is required' : AMOUNT_NOT_WHOLE),
      })
      // Not .int(): it also refuses integers past 2^53, which deserve "at most", not "whole number".
      .refine(Number.isInteger, AMOUNT_NOT_WHOLE)
      .positive('Amount must be greater than zero')
      .meta(fxAmountBounds.field),
    side: z.enum(FX_SIDES, {
      error: (issue) => (issue.input === undefined ? 'side is required' : "side must be 'sell' or 'buy'"),
    }),
  })
  .superRefine((request, context) => {
    if (request.from === request.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'from and to must differ' });
      return;
    }
    // Said once: a zero or negative amount already has its message.
    if (request.amount <= 0 || !Number.isInteger(request.amount)) return;
    const currency = request.side === 'sell' ? request.from : request.to;
    const min = FX_LIMITS.minAmount[currency];
    const max = FX_LIMITS.maxAmount[currency];
    if (request.amount < min) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `Amount must be at least ${formatMoney(min, currency)}`,
      });
    } else if (request.amount > max) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `Amount must be at most ${formatMoney(max, currency)}`,
      });
    }
  })
  .meta(fxAmountBounds.object);
export type FxQuoteRequest = z.input<typeof FxQuoteRequestSchema>;

const rateField = z.string().regex(new RegExp(`^\\d+\\.\\d{${FX_RATE_DECIMALS}}$`));

/** A price the house holds for a short while; converting it moves exactly these amounts. */
export const FxQuoteSchema = z.object({
  id: z.uuid(),
  from: z.enum(CURRENCIES),
  to: z.enum(CURRENCIES),
  side: z.enum(FX_SIDES),
  /** The market's middle rate when the quote was made (see FX_PAIR for how rates read). */
  midRate: rateField,
  /** The rate offered: the mid rate with the spread, always the worse side of it for the merchant. */
  rate: rateField,
  rateBase: z.enum(CURRENCIES),
  rateCounter: z.enum(CURRENCIES),
  spreadBps: z.number().int().nonnegative(),
  feeBps: z.number().int().nonnegative(),
  /** In the `from` currency, part of amountIn. */
  fee: z.number().int().nonnegative(),
  /** What leaves the `from` wallet, fee included. */
  amountIn: z.number().int().positive(),
  /** What arrives in the `to` wallet. */
  amountOut: z.number().int().positive(),
  expiresAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FxQuote = z.infer<typeof FxQuoteSchema>;

export const FxConversionRequestSchema = z.object({
  quoteId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'Quote ID is required' : 'Quote ID is invalid'),
  }),
});
export type FxConversionRequest = z.input<typeof FxConversionRequestSchema>;

/** A converted quote: the two wallets' transactions (and the fee's, a child of the debit) share its reference. */
export const FxConversionSchema = z.object({
  quote: FxQuoteSchema,
  reference: z.string(),
  debitTransactionId: z.uuid(),
  creditTransactionId: z.uuid(),
  feeTransactionId: z.uuid().nullable(),
  convertedAt: z.iso.datetime({ offset: true }),
});
export type FxConversion = z.infer<typeof FxConversionSchema>;

/** What a conversion that cannot be paid says: the wallet's currency by name. */
export const fxInsufficientFundsMessage = (currency: Currency) =>
  `Your ${CURRENCY_INFO[currency].name} balance is not enough for this conversion.`;
