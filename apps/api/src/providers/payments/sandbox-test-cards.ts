/**
 * The sandbox card network's test cards (the README lists them). Any other number is declined, so nobody
 * mistakes the sandbox for a place to type a real card.
 */
export type SandboxCardBehaviour =
  | 'APPROVE'
  | 'OTP'
  | 'DECLINE'
  | 'INSUFFICIENT_FUNDS'
  | 'REFUND_FAILS'
  | 'DISPUTED';

export const SANDBOX_OTP = '123456';
export const SANDBOX_MAX_WRONG_OTPS = 3;

export const SANDBOX_TEST_CARDS: { number: string; behaviour: SandboxCardBehaviour; outcome: string }[] = [
  { number: '4242424242424242', behaviour: 'APPROVE', outcome: 'Approved' },
  { number: '5555555555554444', behaviour: 'APPROVE', outcome: 'Approved' },
  {
    number: '5061000000000005',
    behaviour: 'OTP',
    outcome: `Code ${SANDBOX_OTP}, then approved`,
  },
  { number: '4000000000000002', behaviour: 'DECLINE', outcome: 'Declined' },
  { number: '4000000000009995', behaviour: 'INSUFFICIENT_FUNDS', outcome: 'Insufficient funds' },
  /** Stripe's "refund fails" card: the payment is approved, every refund of it fails (the money returns). */
  { number: '4000000000005126', behaviour: 'REFUND_FAILS', outcome: 'Approved; its refunds fail' },
  /** Stripe's "disputed" card: the payment is approved, then disputed by the card network (ADR 051). */
  { number: '4000000000000259', behaviour: 'DISPUTED', outcome: 'Approved, then disputed as fraudulent' },
];

/** The evidence words that decide a sandbox dispute under review; any other evidence loses (README). */
export const SANDBOX_WINNING_EVIDENCE = 'winning_evidence';
export const SANDBOX_LOSING_EVIDENCE = 'losing_evidence';

/** The last four digits of the card whose payments the sandbox network disputes. */
export const SANDBOX_DISPUTED_CARD_LAST4 = '0259';

export const DECLINE_REASONS = {
  DECLINE: 'Your card was declined by your bank. Please use another card.',
  INSUFFICIENT_FUNDS: 'Your card has insufficient funds. Please use another card.',
  NOT_A_TEST_CARD: 'This is not a sandbox test card. No real card can be charged here; use a test card.',
  TOO_MANY_WRONG_OTPS: 'Too many incorrect codes. The payment was cancelled; your card was not charged.',
  CANCELLED: 'This payment was cancelled. Your card was not charged.',
  REFUNDED: 'This payment was cancelled and the amount refunded to your card.',
} as const;

export const REFUND_FAILURE_REASONS = {
  CARD_REFUSES: 'The card issuer refused the refund: the card account is closed',
  NOT_CAPTURED: 'This charge was never captured, so there is nothing to refund',
  OVER_CAPTURED: 'The refunds of this charge would add up to more than was captured',
} as const;

/** Whether refunds of a charge made with the card ending in these four digits fail (the card's number is gone). */
export const refundsFailFor = (cardLast4: string) =>
  SANDBOX_TEST_CARDS.some((card) => card.behaviour === 'REFUND_FAILS' && card.number.endsWith(cardLast4));

export function sandboxBehaviour(cardNumber: string): SandboxCardBehaviour | null {
  return SANDBOX_TEST_CARDS.find((card) => card.number === cardNumber)?.behaviour ?? null;
}
