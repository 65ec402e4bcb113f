import type { UsdAccountType } from '@bizdash/shared';

/**
 * The sandbox bank-link provider's banks and sign-ins (README, "Settlement accounts sandbox"), after Plaid's own
 * sandbox: user_good / pass_good links an account; any other sign-in is refused the way a bank refuses it.
 */
export const SANDBOX_BANK_LINK_INSTITUTIONS = [
  { id: 'ins_109508', name: 'First Platypus Bank' },
  { id: 'ins_109509', name: 'First Gingham Credit Union' },
  { id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { id: 'ins_109511', name: 'Tartan Bank' },
  { id: 'ins_109512', name: 'Houndstooth Bank' },
] as const;

export const SANDBOX_BANK_LINK_GOOD = { username: 'user_good', password: 'pass_good' } as const;
const SANDBOX_BANK_LINK_BAD_USERNAME = 'user_bad';
export const SANDBOX_BANK_LINK_INVALID_CREDENTIALS =
  'The username or password you entered is incorrect. This is the sandbox: use the test sign-in shown.';

export const SANDBOX_BANK_LINK_TEST_CREDENTIALS = [
  { ...SANDBOX_BANK_LINK_GOOD, outcome: 'Links the account you pick' },
  {
    username: SANDBOX_BANK_LINK_BAD_USERNAME,
    password: SANDBOX_BANK_LINK_GOOD.password,
    outcome: 'Refused: incorrect username or password',
  },
];

/** Plaid's sandbox routing number (a valid ABA checksum). */
const ROUTING_NUMBER = '011401533';

/**
 * The sandbox bank's account for an institution and type: the same choice always gives the same numbers, so
 * linking it twice finds the account already added.
 */
export function sandboxLinkedNumbers(institutionId: string, accountType: UsdAccountType) {
  const index = SANDBOX_BANK_LINK_INSTITUTIONS.findIndex((institution) => institution.id === institutionId);
  const typeDigits = accountType === 'checking' ? '0000' : '1111';
  return { accountNumber: `111122223333${Math.max(index, 0)}${typeDigits}`, routingNumber: ROUTING_NUMBER };
}
