import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatCardNumber } from '@bizdash/shared';
import { describe, expect, it } from 'vitest';
import { SANDBOX_OTP, SANDBOX_TEST_CARDS } from '../../../src/providers/payments/sandbox-test-cards.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');

describe('README', () => {
  it('lists every sandbox test card, one line each, and the sandbox OTP', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      const lines = readme
        .split('\n')
        .filter((line) => line.includes(`\`${formatCardNumber(card.number)}\``));
      expect(lines, card.number).toHaveLength(1);
    }
    expect(readme).toContain(`\`${SANDBOX_OTP}\``);
  });
});
