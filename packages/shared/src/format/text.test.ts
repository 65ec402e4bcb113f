import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMaskedAccountNumber, initials, truncate } from './text.ts';

describe('truncate', () => {
  it('cuts text over the limit to limit - 1 characters plus an ellipsis', () => {
    expect(truncate('Transfer to Chukwuemeka Enterprises', 20)).toBe('Transfer to Chukwue…');
  });

  it('leaves text at or under the limit alone', () => {
    expect(truncate('exactly twenty chars', 20)).toBe('exactly twenty chars');
    expect(truncate(null, 20)).toBe('');
  });

  it('never exceeds the limit and always keeps the start of the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 60 }), (text, limit) => {
        const result = truncate(text, limit);
        expect(result.length).toBeLessThanOrEqual(limit);
        expect(text.startsWith(result.replace(/…$/, ''))).toBe(true);
      }),
    );
  });
});

describe('formatMaskedAccountNumber', () => {
  it('left-pads with * to 8 characters', () => {
    expect(formatMaskedAccountNumber('6789')).toBe('****6789');
    expect(formatMaskedAccountNumber('0123456789')).toBe('0123456789');
    expect(formatMaskedAccountNumber(undefined)).toBe('********');
  });
});

describe('initials', () => {
  it('takes the first letter of first and last name', () => {
    expect(initials('adaeze', 'Okafor')).toBe('AO');
    expect(initials(' ', undefined)).toBe('');
  });
});
