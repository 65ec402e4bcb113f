import { type Currency, parseMajorUnits } from '@bizdash/shared';

const EXAMPLES: Record<Currency, string> = { NGN: '5,000 or 2,500.50', USD: '250 or 99.99' };

export interface AmountText {
  /** Minor units, when the text is an amount at all. */
  amount: number | null;
  /** What is wrong with the text as an amount; null when it is one greater than zero. */
  error: string | null;
}

/**
 * Reads an amount typed in major units ("2,500.50", "₦5,000") as exact minor units (no float arithmetic) and says
 * what is wrong with it as an amount: nothing typed, not an amount, zero. Each flow then checks its own limits.
 */
export function readAmountText(text: string, currency: Currency): AmountText {
  if (!text.trim()) return { amount: null, error: 'Enter an amount' };
  const amount = parseMajorUnits(text, currency);
  if (amount === null) return { amount: null, error: `Enter an amount like ${EXAMPLES[currency]}` };
  if (amount === 0) return { amount, error: 'Enter an amount greater than zero' };
  return { amount, error: null };
}
