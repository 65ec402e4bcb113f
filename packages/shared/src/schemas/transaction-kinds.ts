// The lists behind the transaction schemas, without zod: the web app's route table names the pending statuses
// before any schema is needed, so importing these must not pull zod into the entry chunk.

export const TRANSACTION_TYPES = ['CREDIT', 'DEBIT'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** CREATED and OTP_VERIFIED are pending; only SUCCESSFUL moves money (a reversal is a transaction of its own). */
export const TRANSACTION_STATUSES = ['CREATED', 'OTP_VERIFIED', 'SUCCESSFUL', 'FAILED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const PENDING_TRANSACTION_STATUSES = [
  'CREATED',
  'OTP_VERIFIED',
] as const satisfies TransactionStatus[];

export const TRANSACTION_CHANNELS = [
  'CARD',
  'BANK_TRANSFER',
  'PAYOUT',
  'WALLET',
  'FEE',
  'FX',
  'ADJUSTMENT',
] as const;
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];
