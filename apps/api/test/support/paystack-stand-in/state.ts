import { randomBytes } from 'node:crypto';

/** A transfer recipient (type nuban) as the stand-in keeps it. */
export interface Recipient {
  id: number;
  recipientCode: string;
  name: string;
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

export interface Transfer {
  id: number;
  transferCode: string;
  reference: string;
  amount: number;
  currency: string;
  source: string;
  reason: string | null;
  recipient: Recipient;
  status: TransferStatus;
  /** Why a failed transfer failed ("Account closed"), null otherwise. */
  failureReason: string | null;
  /** The statuses still ahead of it, decided by the recipient's account number when it was created. */
  fate: Array<Exclude<TransferStatus, 'pending'>>;
  transferredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type TransactionStatus = 'ongoing' | 'success' | 'failed' | 'abandoned';

export interface Transaction {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: TransactionStatus;
  paidAt: string | null;
  createdAt: string;
  /** Kobo refunded so far (pending and processed refunds). */
  refunded: number;
  customerId: number;
  authorizationCode: string;
}

export interface Refund {
  id: number;
  transaction: Transaction;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  refundReference: string | null;
  /** The notes given with the refund (Paystack writes its own when none was given). */
  merchantNote: string;
  customerNote: string;
  refundedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Everything the stand-in remembers, in memory only: a new stand-in starts empty. */
export interface StandInState {
  /** 'test' for an sk_test_ key, 'live' for an sk_live_ one, as Paystack's `domain`. */
  domain: 'test' | 'live';
  integration: number;
  recipients: Map<string, Recipient>;
  transfers: Map<string, Transfer>;
  transactions: Map<string, Transaction>;
  refunds: Map<number, Refund>;
  nextId(): number;
}

export function createStandInState(secretKey: string): StandInState {
  let lastId = 100_000;
  return {
    domain: secretKey.startsWith('sk_live_') ? 'live' : 'test',
    integration: 412_345,
    recipients: new Map(),
    transfers: new Map(),
    transactions: new Map(),
    refunds: new Map(),
    nextId: () => ++lastId,
  };
}

const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random code in Paystack's style: `RCP_`, `TRF_`, … followed by 15 lowercase letters and digits. */
export function randomCode(prefix: string, length = 15): string {
  const bytes = randomBytes(length);
  return `${prefix}${Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')}`;
}

/** Paystack's timestamps: ISO 8601 with milliseconds, in UTC. */
export const timestamp = () => new Date().toISOString();

/** A transaction's customer as Paystack names it inside a transaction, a dispute or a webhook. */
export const customerJson = (transaction: Transaction) => ({
  id: transaction.customerId,
  first_name: null,
  last_name: null,
  email: transaction.email,
  customer_code: `CUS_${transaction.accessCode}`,
  phone: null,
  metadata: null,
  risk_action: 'default',
});
