import { describe, expect, it } from 'vitest';
import { ResolveAccountRequestSchema } from '../schemas/banks.ts';
import { NIGERIAN_BANKS } from './nigerian-banks.ts';
import {
  ACCOUNT_NUMBER_DIGITS,
  ACCOUNT_NUMBER_NOT_AT_BANK,
  accountNumberProblem,
  nubanCheckDigit,
} from './nuban.ts';

/** A valid NUBAN of the bank for the serial: the serial and its check digit. */
const nubanOf = (bankCode: string, serial: string) => `${serial}${nubanCheckDigit(bankCode, serial)}`;

describe('NUBAN check digit', () => {
  it("gives the CBN standard's worked example: First Bank (011), serial 000001457 -> 0000014579", () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(accountNumberProblem('011', '0000014579')).toBeNull();
  });

  it('writes a three-digit bank code with three leading zeros, and 10 as 0', () => {
    expect(nubanCheckDigit('000058', '012345678')).toBe(nubanCheckDigit('058', '012345678'));
    const serials = Array.from({ length: 200 }, (_, index) => String(index * 4_999_999).padStart(9, '0'));
    const digits = new Set(serials.map((serial) => nubanCheckDigit('044', serial)));
    expect([...digits].every((digit) => digit >= 0 && digit <= 9)).toBe(true);
    expect(digits.has(0)).toBe(true);
  });
});

describe('accountNumberProblem', () => {
  const valid = nubanOf('058', '012345678');

  it('accepts a NUBAN of the chosen bank', () => {
    expect(accountNumberProblem('058', valid)).toBeNull();
  });

  it('refuses every change of one digit, and the same number at another bank whose check differs', () => {
    for (let place = 0; place < 10; place += 1) {
      const digit = Number(valid[place]);
      const changed = `${valid.slice(0, place)}${(digit + 1) % 10}${valid.slice(place + 1)}`;
      expect(accountNumberProblem('058', changed), changed).toBe(ACCOUNT_NUMBER_NOT_AT_BANK);
    }
    const otherBank = NIGERIAN_BANKS.find(
      (bank) => bank.nubanCode && nubanCheckDigit(bank.nubanCode, valid.slice(0, 9)) !== Number(valid[9]),
    );
    expect(accountNumberProblem(otherBank?.bankCode ?? '', valid)).toBe(ACCOUNT_NUMBER_NOT_AT_BANK);
  });

  it.each(['', '012345678', '01234567890', '01234x6789', ' 0123456789', '٠١٢٣٤٥٦٧٨٩'])(
    'refuses %j: not ten digits',
    (accountNumber) => {
      expect(accountNumberProblem('058', accountNumber)).toBe(ACCOUNT_NUMBER_DIGITS);
    },
  );

  it('checks only length and digits for phone-number accounts (OPay)', () => {
    expect(accountNumberProblem('999992', '8031234567')).toBeNull();
  });

  it('holds a bank this list does not know (one the bank directory lists) to ten digits only', () => {
    expect(accountNumberProblem('090999', '1234567890')).toBeNull();
    expect(accountNumberProblem('090999', '123456789')).toBe(ACCOUNT_NUMBER_DIGITS);
  });

  it('holds each bank once, by name and by code', () => {
    expect(new Set(NIGERIAN_BANKS.map((bank) => bank.bankCode)).size).toBe(NIGERIAN_BANKS.length);
    expect(new Set(NIGERIAN_BANKS.map((bank) => bank.bankName)).size).toBe(NIGERIAN_BANKS.length);
  });
});

describe('the request schemas', () => {
  it("accept a bank the product's list does not know, leaving it to the server's list and name enquiry", () => {
    const request = ResolveAccountRequestSchema.safeParse({
      bankCode: '090999',
      accountNumber: '1234567890',
    });
    expect(request.success).toBe(true);
  });

  it('still check the NUBAN of a bank the list knows', () => {
    const typo = `${nubanOf('058', '012345678').slice(0, 9)}${(nubanCheckDigit('058', '012345678') + 1) % 10}`;
    const request = ResolveAccountRequestSchema.safeParse({ bankCode: '058', accountNumber: typo });
    expect(request.error?.issues).toEqual([
      expect.objectContaining({ path: ['accountNumber'], message: ACCOUNT_NUMBER_NOT_AT_BANK }),
    ]);
  });
});
