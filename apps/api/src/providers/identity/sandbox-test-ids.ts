import type { KycIdType } from '@bizdash/shared';
import type { IdentityOutcome } from './identity-types.ts';

/**
 * The sandbox identity provider's test numbers (the README's "KYC sandbox" section lists them): the number
 * alone decides the outcome. Any other number is rejected, so nobody takes the sandbox for a real check.
 */
export const SANDBOX_REVIEW_DELAY_MS = 60_000;

export const SANDBOX_REJECTION_REASONS = {
  MISMATCH: 'The name and date of birth on this ID do not match the details you entered.',
  EXPIRED: 'This ID has expired. Please verify with a valid ID.',
  NOT_A_TEST_NUMBER:
    'No identity record matches this number. This is the sandbox: use one of the test numbers shown.',
} as const;

interface TestId {
  idType: KycIdType;
  number: string;
  outcome: Exclude<IdentityOutcome, 'IN_REVIEW'> | 'REVIEW_THEN_APPROVED';
  reason: string | null;
  label: string;
}

const approved = (idType: KycIdType, number: string): TestId => ({
  idType,
  number,
  outcome: 'APPROVED',
  reason: null,
  label: 'Approved at once',
});
const rejected = (idType: KycIdType, number: string, reason: string): TestId => ({
  idType,
  number,
  outcome: 'REJECTED',
  reason,
  label: `Rejected: ${reason}`,
});
const reviewed = (idType: KycIdType, number: string): TestId => ({
  idType,
  number,
  outcome: 'REVIEW_THEN_APPROVED',
  reason: null,
  label: 'In review, approved a minute later',
});

export const SANDBOX_TEST_IDS: TestId[] = [
  approved('BVN', '22222222222'),
  rejected('BVN', '22222222233', SANDBOX_REJECTION_REASONS.MISMATCH),
  reviewed('BVN', '22222222244'),
  approved('NIN', '11111111111'),
  rejected('NIN', '11111111122', SANDBOX_REJECTION_REASONS.MISMATCH),
  reviewed('NIN', '11111111133'),
  approved('PASSPORT', 'A00000001'),
  rejected('PASSPORT', 'A00000002', SANDBOX_REJECTION_REASONS.EXPIRED),
  reviewed('PASSPORT', 'A00000003'),
  approved('SSN_LAST4', '0001'),
  rejected('SSN_LAST4', '0002', SANDBOX_REJECTION_REASONS.MISMATCH),
  reviewed('SSN_LAST4', '0003'),
];

/** What the sandbox decides for a number: approved, rejected with a reason, or in review for a minute. */
export function sandboxDecision(idType: KycIdType, number: string): Pick<TestId, 'outcome' | 'reason'> {
  const found = SANDBOX_TEST_IDS.find((test) => test.idType === idType && test.number === number);
  return found ?? { outcome: 'REJECTED', reason: SANDBOX_REJECTION_REASONS.NOT_A_TEST_NUMBER };
}
