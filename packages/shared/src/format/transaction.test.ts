import { describe, expect, it } from 'vitest';
import { transactionChannelLabel, transactionTypeLabel } from './transaction.ts';

describe('transactionChannelLabel', () => {
  it.each([
    ['BANK_TRANSFER', 'Bank transfer'],
    ['CARD', 'Card'],
    ['FX', 'FX'],
    ['ADJUSTMENT', 'Adjustment'],
    [null, '-'],
  ])('shows %j as %j', (channel, label) => {
    expect(transactionChannelLabel(channel)).toBe(label);
  });
});

describe('transactionTypeLabel', () => {
  it('capitalises the type', () => {
    expect(transactionTypeLabel('CREDIT')).toBe('Credit');
    expect(transactionTypeLabel('DEBIT')).toBe('Debit');
  });
});
