import { describe, expect, it } from 'vitest';
import { formatFxRate } from './fx.ts';

describe('formatFxRate', () => {
  it('reads as one unit of the base currency in the counter currency, always to 4 decimal places', () => {
    expect(formatFxRate('1573.2475', 'USD', 'NGN')).toBe('$1 = ₦1,573.2475');
    expect(formatFxRate('1573.2470', 'USD', 'NGN')).toBe('$1 = ₦1,573.2470');
    expect(formatFxRate('1550.0000', 'USD', 'NGN')).toBe('$1 = ₦1,550.0000');
    expect(formatFxRate('1526.7500', 'USD', 'NGN')).toBe('$1 = ₦1,526.7500');
  });
});
