import type { Currency } from '@bizdash/shared';

const SYSTEM_ACCOUNT_CODES = [
  'CUSTOMER_FUNDS',
  'FEES_EARNED',
  'PAYOUTS_IN_TRANSIT',
  'REFUNDS_IN_TRANSIT',
  'DISPUTES_HELD',
  'FX',
] as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNT_CODES)[number];

type LedgerAccount = { walletId: string } | { system: SystemAccountCode };

/** One side of a posting: amount > 0 credits the account, amount < 0 debits it (integer minor units). */
export interface TransferLeg {
  account: LedgerAccount;
  currency: Currency;
  amount: number;
}

export interface TransferRequest {
  /** The same key always means the same movement: a retry replays the first result. */
  idempotencyKey: string;
  kind: 'PAYMENT' | 'PAYOUT' | 'REFUND' | 'DISPUTE' | 'FEE' | 'REVERSAL' | 'FX' | 'ADJUSTMENT' | 'SEED';
  description: string;
  legs: TransferLeg[];
  reversesPostingId?: string;
}

export interface PostingResult {
  postingId: string;
  replayed: boolean;
}
