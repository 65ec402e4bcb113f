/** Card checks a checkout can make before anything leaves the page: the number's check digit, expiry, CVV. */

export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'VERVE', 'AMEX', 'UNKNOWN'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  VERVE: 'Verve',
  AMEX: 'American Express',
  UNKNOWN: 'Card',
};

export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn check digit holds: catches a mistyped digit or two swapped neighbours. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^(5060|5061|5078|5079|6500)/.test(digits)) return 'VERVE';
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(22[1-9]|2[3-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  return 'UNKNOWN';
}

/** "MM/YY" (or "MM / YY", "MM/YYYY") as a month and a four-digit year; null when it is not a date. */
export function parseCardExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  const currentMonths = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) < currentMonths;
}

/** Groups of four as people read them off the card ("4242 4242 4242 4242"). */
export const formatCardNumber = (number: string) =>
  cardDigits(number)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** How a receipt names the card: 'Visa •••• 4242'; '—' when it is not known (a hosted checkout that did not say). */
export const cardSummary = (card: { brand: CardBrand; last4: string } | null) =>
  card?.last4 ? `${CARD_BRAND_LABELS[card.brand]} •••• ${card.last4}` : '—';
