import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMaskedAccountNumber, initials, splitLinks, truncate } from './text.ts';

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

describe('splitLinks', () => {
  it('cuts a line into text and the web addresses in it', () => {
    expect(
      splitLinks('Choose a new one here: https://pay.example/reset-password#token=a-b_c. Thanks'),
    ).toEqual([
      { text: 'Choose a new one here: ' },
      {
        text: 'https://pay.example/reset-password#token=a-b_c.',
        href: 'https://pay.example/reset-password#token=a-b_c.',
      },
      { text: ' Thanks' },
    ]);
    expect(splitLinks('No link, only javascript:alert(1)')).toEqual([
      { text: 'No link, only javascript:alert(1)' },
    ]);
  });

  it('loses no character of the line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (before, after) => {
        const line = `${before} https://pay.example/p?q=1 ${after}`;
        expect(
          splitLinks(line)
            .map((part) => part.text)
            .join(''),
        ).toBe(line);
      }),
    );
  });
});
