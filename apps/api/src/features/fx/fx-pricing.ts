import { CURRENCY_INFO, type Currency, FX_PAIR, FX_RATE_DECIMALS, type FxSide } from '@bizdash/shared';

/**
 * The arithmetic of a quote (ADR 031), exact: integers only (BigInt), rates as integers of 1/10,000 of a naira
 * per dollar. Every rounding goes the house's way, to the minor unit: the offered rate is the mid rate moved by
 * the spread and rounded against the merchant; the fee is rounded up; what arrives is rounded down (sell) and
 * what leaves is rounded up (buy). So what arrives is never worth more, at the offered rate, than what leaves
 * after the fee, and the difference is less than one minor unit of what arrives (sell) or of what leaves (buy).
 */

const RATE_SCALE = 10n ** BigInt(FX_RATE_DECIMALS);
const BPS = 10_000n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** A rate (a decimal number of the counter currency per base unit) as an integer of 1/10,000: half up. */
export function scaleRate(rate: number): bigint {
  return BigInt(Math.round(rate * Number(RATE_SCALE)));
}

/** "1573.2475" from 15_732_475n. */
export function rateText(scaled: bigint): string {
  const whole = scaled / RATE_SCALE;
  const fraction = (scaled % RATE_SCALE).toString().padStart(FX_RATE_DECIMALS, '0');
  return `${whole}.${fraction}`;
}

/** 15_732_475n from "1573.2475" (or "1573.2475000" as a numeric column may read). */
export function parseRate(text: string): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`not a rate: ${text}`);
  const fraction = (match[2] ?? '').padEnd(FX_RATE_DECIMALS, '0');
  if (/[1-9]/.test(fraction.slice(FX_RATE_DECIMALS)))
    throw new Error(`rate has more than 4 decimals: ${text}`);
  return BigInt(match[1] ?? '0') * RATE_SCALE + BigInt(fraction.slice(0, FX_RATE_DECIMALS));
}

/** The merchant buys the base currency (dollars) when dollars are what arrive. */
const buysBase = (to: Currency) => to === FX_PAIR.base;

/** The mid rate with the spread: the merchant pays more counter per base when buying base, gets less when selling. */
export function offeredRate(mid: bigint, spreadBps: number, to: Currency): bigint {
  const spread = BigInt(spreadBps);
  return buysBase(to) ? ceilDiv(mid * (BPS + spread), BPS) : (mid * (BPS - spread)) / BPS;
}

/**
 * Minor units of `to` per minor unit of `from`, as the fraction numerator / denominator, at `rate` (counter per
 * base, scaled): dollars to naira multiply by the rate, naira to dollars divide by it.
 */
function conversionFactor(from: Currency, to: Currency, rate: bigint) {
  const fromMinor = 10n ** BigInt(CURRENCY_INFO[from].minorDigits);
  const toMinor = 10n ** BigInt(CURRENCY_INFO[to].minorDigits);
  return from === FX_PAIR.base
    ? { numerator: rate * toMinor, denominator: RATE_SCALE * fromMinor }
    : { numerator: RATE_SCALE * toMinor, denominator: rate * fromMinor };
}

/** What `principal` minor units of `from` are worth in `to` at `rate`, exactly, as a fraction. */
export function worth(principal: bigint, from: Currency, to: Currency, rate: bigint) {
  const { numerator, denominator } = conversionFactor(from, to, rate);
  return { numerator: principal * numerator, denominator };
}

const feeOn = (amountIn: bigint, feeBps: number) => ceilDiv(amountIn * BigInt(feeBps), BPS);

export interface QuoteInput {
  from: Currency;
  to: Currency;
  side: FxSide;
  amount: number;
  /** Scaled mid rate. */
  mid: bigint;
  spreadBps: number;
  feeBps: number;
}

export interface QuotePrice {
  mid: bigint;
  rate: bigint;
  /** From-currency minor units: the fee, what leaves the wallet in all, and what is converted (amountIn - fee). */
  fee: number;
  amountIn: number;
  principal: number;
  amountOut: number;
}

/** The quote's amounts; null when nothing would arrive (an amount too small for the rate). */
export function priceQuote(input: QuoteInput): QuotePrice | null {
  const { from, to, side, feeBps } = input;
  if (feeBps < 0 || feeBps >= 10_000) throw new RangeError(`fee of ${feeBps} bps`);
  const rate = offeredRate(input.mid, input.spreadBps, to);
  if (rate <= 0n) return null;
  const { numerator, denominator } = conversionFactor(from, to, rate);
  const amount = BigInt(input.amount);
  let amountIn: bigint;
  let amountOut: bigint;
  if (side === 'sell') {
    amountIn = amount;
    amountOut = ((amountIn - feeOn(amountIn, feeBps)) * numerator) / denominator;
  } else {
    amountOut = amount;
    // The least principal worth amountOut, then the least amountIn that leaves that principal after its fee
    // (amountIn - ceil(amountIn * fee) grows by 0 or 1 per unit of amountIn, so this is the least).
    const principal = ceilDiv(amountOut * denominator, numerator);
    amountIn = ceilDiv(principal * BPS, BPS - BigInt(feeBps));
  }
  const fee = feeOn(amountIn, feeBps);
  const principal = amountIn - fee;
  if (amountOut <= 0n || principal <= 0n) return null;
  return {
    mid: input.mid,
    rate,
    fee: Number(fee),
    amountIn: Number(amountIn),
    principal: Number(principal),
    amountOut: Number(amountOut),
  };
}
