import { CURRENCY_INFO, isCurrency } from '../constants.ts';
import { normalizeCurrencyCode } from './money.ts';

/** The narrow symbol formatMoney puts before amounts: '₦' for NGN, '$' for USD; the code itself otherwise. */
export function currencySymbol(code: string): string {
  const currency = normalizeCurrencyCode(code);
  if (isCurrency(currency)) return CURRENCY_INFO[currency].symbol;
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    return parts.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
