import { createHash } from 'node:crypto';
import { NIGERIAN_BANKS } from '@bizdash/shared';
import type { BankDirectoryProvider } from './bank-directory-provider.ts';

/**
 * The sandbox directory's documented unknown accounts (README, "Settlement accounts sandbox"): a number whose
 * first nine digits are all zero (its tenth is the bank's check digit, so the form accepts it) is not found.
 * Every other valid number resolves to a name of its own.
 */
const SANDBOX_UNKNOWN_ACCOUNT_SERIAL = '000000000';

const FIRST_NAMES = [
  'Adaeze',
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Oluwaseun',
  'Aisha',
  'Ibrahim',
  'Chiamaka',
  'Babatunde',
  'Yetunde',
  'Obinna',
  'Halima',
  'Tunde',
  'Ifeoma',
  'Musa',
  'Kemi',
  'Uchenna',
  'Zainab',
  'Segun',
  'Amaka',
  'Abubakar',
  'Folake',
  'Nnamdi',
];
const MIDDLE_NAMES = ['Chioma', 'Olamide', 'Amina', 'Ikenna', 'Temitope', 'Sani', 'Nkechi', 'Ayodele'];
const SURNAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Nwosu',
  'Abdullahi',
  'Okonkwo',
  'Balogun',
  'Danjuma',
  'Olawale',
  'Nwachukwu',
  'Adeleke',
  'Obi',
  'Suleiman',
  'Akinola',
  'Chukwuemeka',
  'Oyelaran',
  'Ibekwe',
  'Lawal',
];

/** A name of the account number's own: the same number always gives the same name, whatever the bank. */
export function sandboxAccountName(accountNumber: string): string {
  const digest = createHash('sha256').update(`bizdash sandbox account ${accountNumber}`).digest();
  const pick = (names: readonly string[], byte: number) => names[(digest[byte] ?? 0) % names.length] ?? '';
  const parts = [pick(FIRST_NAMES, 0), ...((digest[1] ?? 0) % 3 === 0 ? [pick(MIDDLE_NAMES, 2)] : [])];
  return [...parts, pick(SURNAMES, 3)].join(' ');
}

/**
 * The sandbox bank directory (the default BANK_DIRECTORY_PROVIDER): the product's own list of banks
 * (packages/shared), names from the number, nothing leaves.
 */
export function createSandboxBankDirectory(): BankDirectoryProvider {
  return {
    name: 'sandbox',
    async listBanks() {
      return NIGERIAN_BANKS.map(({ bankName, bankCode }) => ({ bankName, bankCode }));
    },
    async resolveAccount({ accountNumber }) {
      if (accountNumber.startsWith(SANDBOX_UNKNOWN_ACCOUNT_SERIAL)) return { found: false };
      return { found: true, accountName: sandboxAccountName(accountNumber) };
    },
  };
}
