import {
  type Currency,
  currencySymbol,
  FX_LIMITS,
  type FxQuoteRequest,
  FxQuoteRequestSchema,
  type FxSide,
  parseMajorUnits,
  toMajorUnits,
} from '@bizdash/shared';

/** What the merchant chooses and types: the amount in major units (naira, dollars) of the side's currency. */
export interface ConvertFormValues {
  from: Currency;
  to: Currency;
  side: FxSide;
  amount: string;
}

const AMOUNT_FORMAT_MESSAGE = 'Enter an amount like 2500 or 2500.50';

/** The currency the amount is typed in: what leaves the wallet (You send) or what arrives (You receive). */
export const amountCurrency = ({ side, from, to }: Pick<ConvertFormValues, 'side' | 'from' | 'to'>) =>
  side === 'sell' ? from : to;

export const otherCurrency = (currency: Currency): Currency => (currency === 'NGN' ? 'USD' : 'NGN');

/** Minor units; null when it is not written as an amount. Digits past any limit make an amount past the limit. */
function readAmount(text: string, currency: Currency): number | null {
  const exact = parseMajorUnits(text, currency);
  if (exact !== null) return exact;
  const max = FX_LIMITS.maxAmount[currency];
  const digits = text.replace(currencySymbol(currency), '').replaceAll(',', '').trim();
  return /^\d+(\.\d+)?$/.test(digits) && Number(digits) > toMajorUnits(max, currency) ? max + 1 : null;
}

/**
 * The quote request the form's values make, checked by the API's own schema (so the form says what the API
 * would); `error` is what to show under the amount. Empty: neither.
 */
export function quoteRequestOf(values: ConvertFormValues): {
  request: FxQuoteRequest | null;
  error: string | null;
} {
  const text = values.amount.trim();
  if (!text) return { request: null, error: null };
  const amount = readAmount(text, amountCurrency(values));
  if (amount === null) return { request: null, error: AMOUNT_FORMAT_MESSAGE };
  const request = { from: values.from, to: values.to, side: values.side, amount };
  const result = FxQuoteRequestSchema.safeParse(request);
  if (result.success) return { request: result.data, error: null };
  return { request: null, error: result.error.issues[0]?.message ?? AMOUNT_FORMAT_MESSAGE };
}
