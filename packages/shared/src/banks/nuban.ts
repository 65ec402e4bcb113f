import { NIGERIAN_BANKS } from './nigerian-banks.ts';

export const NUBAN_LENGTH = 10;
export const ACCOUNT_NUMBER_DIGITS = 'Account number must be 10 digits';
export const ACCOUNT_NUMBER_NOT_AT_BANK = 'This account number is not valid for the selected bank';
// Not 'Select ... from': error texts must never read like SQL (the fuzz test's leak check). The server says it
// when the bank directory's list has no such code.
export const UNKNOWN_BANK = 'Choose a bank on the list';

/** The CBN's NUBAN weights, over the six-digit institution code and the nine-digit serial number. */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/**
 * The check digit of a NUBAN (the CBN's standard): the institution code (a bank's three-digit code is written
 * with three leading zeros) and the nine-digit serial, each digit times its weight, summed; 10 minus the sum's
 * last digit, with 10 written as 0.
 */
export function nubanCheckDigit(institutionCode: string, serial: string): number {
  const digits = `${institutionCode.padStart(6, '0')}${serial}`;
  if (!/^\d{15}$/.test(digits))
    throw new Error('A NUBAN check needs a 6-digit institution code and a 9-digit serial');
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * Why an account number cannot belong to the bank, or null when it can: ten digits, and for a bank of this list
 * whose numbers are NUBANs, the right check digit. A typo in one digit (or two neighbours swapped, mostly) is
 * caught before anyone is paid. A bank this list does not know (the bank directory lists more: micro-finance
 * banks, fintechs) is held to ten digits only: the server checks it is on the directory's list, and the bank's
 * name enquiry decides the rest.
 */
export function accountNumberProblem(bankCode: string, accountNumber: string): string | null {
  if (!/^\d{10}$/.test(accountNumber)) return ACCOUNT_NUMBER_DIGITS;
  const bank = NIGERIAN_BANKS.find((candidate) => candidate.bankCode === bankCode);
  if (!bank?.nubanCode) return null;
  const checkDigit = nubanCheckDigit(bank.nubanCode, accountNumber.slice(0, 9));
  return checkDigit === Number(accountNumber[9]) ? null : ACCOUNT_NUMBER_NOT_AT_BANK;
}
