import { describe, expect, it } from 'vitest';
import { accountStatusStyle, transactionStatusDisplay } from './status.ts';

describe('transactionStatusDisplay', () => {
  it.each([
    ['SUCCESSFUL', 'success', 'green'],
    ['CREATED', 'pending', 'yellow'],
    ['OTP_VERIFIED', 'pending', 'yellow'],
    ['FAILED', 'failed', 'red'],
    ['REVERSED', 'unknown', 'grey'],
  ])('maps %s to %s (%s)', (status, label, tone) => {
    expect(transactionStatusDisplay(status)).toEqual({ label, tone });
  });

  it("shows '-' when the status is missing", () => {
    expect(transactionStatusDisplay(undefined)).toEqual({ label: '-', tone: null });
  });
});

describe('accountStatusStyle', () => {
  it('recognises the four account statuses in any case, and labels them in sentence case', () => {
    expect(accountStatusStyle('active')).toEqual({ label: 'Active', tone: 'green' });
    expect(accountStatusStyle('Inactive')).toEqual({ label: 'Inactive', tone: 'grey' });
    expect(accountStatusStyle('SPENDLOCK')).toEqual({ label: 'Spendlock', tone: 'yellow' });
    expect(accountStatusStyle('DEACTIVATED')).toEqual({ label: 'Deactivated', tone: 'red' });
  });

  it('gives any other value the default style', () => {
    expect(accountStatusStyle('FROZEN')).toEqual({ label: 'FROZEN', tone: 'default' });
  });
});
