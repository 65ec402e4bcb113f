import { randomUUID } from 'node:crypto';
import type {
  Currency,
  ParsedTransactionSearchFilter,
  Transaction,
  TransactionChannel,
  TransactionPage,
  TransactionStatus,
  TransactionType,
} from '@bizdash/shared';
import { pageOf } from '@bizdash/shared';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { LedgerRuleError, postTransfer, reversePosting } from '../ledger/ledger.service.ts';
import type { SystemAccountCode, TransferRequest } from '../ledger/ledger.types.ts';
import { assertOwnedUser } from '../users/users.service.ts';
import { findOwnedWallet } from '../wallets/wallets.repository.ts';
import {
  countTransactions,
  eachTransaction,
  findOwnedTransaction,
  findTransactionByPosting,
  insertTransaction,
  lockTransaction,
  type OwnedFilter,
  searchTransactions,
  type TransactionRow,
  updateTransactionStatus,
} from './transactions.repository.ts';

export const TRANSACTION_NOT_FOUND = 'Transaction not found';

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    transactionId: row.id,
    impactTime: row.impactTime.toISOString(),
    description: row.description,
    parentTransactionId: row.parentTransactionId,
    transactionAmount: row.transactionAmount,
    currencyCode: row.currencyCode as Currency,
    transactionType: row.transactionType as TransactionType,
    transactionStatus: row.transactionStatus as TransactionStatus,
    beneficiary: row.beneficiary,
    transactionChannel: row.transactionChannel as TransactionChannel,
    orderReference: row.orderReference,
    walletId: row.walletId,
    userId: row.userId,
  };
}

/** The caller's filter made safe: its userId (default: the caller) must be the caller or one of its apps. */
async function ownedFilter(
  db: Db,
  ownerId: string,
  filter: ParsedTransactionSearchFilter,
): Promise<OwnedFilter> {
  const userId = filter.userId ?? ownerId;
  await assertOwnedUser(db, ownerId, userId);
  return { ...filter, userId };
}

/** A wallet filter naming someone else's wallet is a 404 (the queries are owner-scoped, so they found nothing anyway). */
async function assertWalletOwned(db: Db, filter: OwnedFilter) {
  if (filter.walletId && !(await findOwnedWallet(db, filter.userId, filter.walletId))) {
    throw notFound('Wallet not found');
  }
}

export async function search(
  db: Db,
  ownerId: string,
  filter: ParsedTransactionSearchFilter,
  page: number,
  size: number,
): Promise<TransactionPage> {
  const owned = await ownedFilter(db, ownerId, filter);
  // One round trip's worth of latency: the wallet check runs beside the owner-scoped page and count queries.
  const [rows, totalElements] = await Promise.all([
    searchTransactions(db, owned, page, size),
    countTransactions(db, owned),
    assertWalletOwned(db, owned),
  ]);
  return pageOf(rows.map(toTransaction), { page, size }, totalElements);
}

export async function exportRows(db: Db, ownerId: string, filter: ParsedTransactionSearchFilter) {
  const owned = await ownedFilter(db, ownerId, filter);
  await assertWalletOwned(db, owned);
  return eachTransaction(db, owned);
}

export async function getTransaction(db: Db, ownerId: string, id: string): Promise<Transaction> {
  const row = await findOwnedTransaction(db, ownerId, id);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  return toTransaction(row);
}

export interface NewTransaction {
  userId: string;
  walletId: string;
  type: TransactionType;
  status: TransactionStatus;
  amount: number;
  currency: Currency;
  description: string;
  channel: TransactionChannel;
  /** The house's side of the movement: where a credit's money comes from, or a debit's goes. */
  counterparty: SystemAccountCode;
  beneficiary?: string | null;
  orderReference?: string | null;
  parentTransactionId?: string | null;
  impactTime?: Date;
}

type PostableRow = Pick<
  TransactionRow,
  | 'id'
  | 'walletId'
  | 'transactionType'
  | 'transactionAmount'
  | 'currencyCode'
  | 'transactionChannel'
  | 'description'
>;

const postingKinds: Partial<Record<TransactionChannel, TransferRequest['kind']>> = {
  PAYOUT: 'PAYOUT',
  FEE: 'FEE',
};

/** A transaction posts at most once: its id is the posting's idempotency key. */
async function post(tx: Tx, row: PostableRow, counterparty: SystemAccountCode) {
  const walletAmount = row.transactionType === 'CREDIT' ? row.transactionAmount : -row.transactionAmount;
  const currency = row.currencyCode as Currency;
  return postTransfer(tx, {
    idempotencyKey: `transaction:${row.id}`,
    kind: postingKinds[row.transactionChannel as TransactionChannel] ?? 'PAYMENT',
    description: row.description,
    legs: [
      { account: { walletId: row.walletId }, currency, amount: walletAmount },
      { account: { system: counterparty }, currency, amount: -walletAmount },
    ],
  });
}

/** Records a movement of one wallet; a SUCCESSFUL one is posted to the ledger in the same transaction. */
export async function recordTransaction(tx: Tx, input: NewTransaction): Promise<TransactionRow> {
  const wallet = await findOwnedWallet(tx, input.userId, input.walletId);
  if (!wallet) throw notFound('Wallet not found');
  if (wallet.currency !== input.currency) {
    throw new LedgerRuleError(`wallet ${wallet.id} holds ${wallet.currency}, not ${input.currency}`);
  }
  const row = {
    id: randomUUID(),
    userId: input.userId,
    walletId: input.walletId,
    transactionType: input.type,
    transactionStatus: input.status,
    transactionAmount: input.amount,
    currencyCode: input.currency,
    description: input.description,
    transactionChannel: input.channel,
    beneficiary: input.beneficiary ?? null,
    orderReference: input.orderReference ?? null,
    parentTransactionId: input.parentTransactionId ?? null,
    impactTime: input.impactTime,
  };
  const postingId =
    input.status === 'SUCCESSFUL' ? (await post(tx, row, input.counterparty)).postingId : null;
  return insertTransaction(tx, { ...row, postingId });
}

/** Moves a pending transaction on: OTP_VERIFIED, FAILED, or SUCCESSFUL (posted now, impact time now). */
export async function settleTransaction(
  tx: Tx,
  id: string,
  outcome: Exclude<TransactionStatus, 'CREATED'>,
  counterparty: SystemAccountCode,
): Promise<TransactionRow> {
  const row = await lockTransaction(tx, id);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  if (row.transactionStatus === 'SUCCESSFUL' || row.transactionStatus === 'FAILED') return row;
  if (outcome !== 'SUCCESSFUL') return updateTransactionStatus(tx, id, { transactionStatus: outcome });
  const { postingId } = await post(tx, row, counterparty);
  return updateTransactionStatus(tx, id, {
    transactionStatus: 'SUCCESSFUL',
    postingId,
    impactTime: new Date(),
  });
}

/** Undoes a successful transaction with an opposite one whose parent it is; the original stays as it was. */
export async function reverseTransaction(tx: Tx, id: string, reason: string): Promise<TransactionRow> {
  const original = await lockTransaction(tx, id);
  if (!original?.postingId) throw notFound(TRANSACTION_NOT_FOUND);
  const { postingId, replayed } = await reversePosting(tx, original.postingId, reason);
  if (replayed) {
    const earlier = await findTransactionByPosting(tx, postingId);
    if (earlier) return earlier;
  }
  return insertTransaction(tx, {
    userId: original.userId,
    walletId: original.walletId,
    transactionType: original.transactionType === 'CREDIT' ? 'DEBIT' : 'CREDIT',
    transactionStatus: 'SUCCESSFUL',
    transactionAmount: original.transactionAmount,
    currencyCode: original.currencyCode,
    description: reason,
    transactionChannel: 'ADJUSTMENT',
    beneficiary: original.beneficiary,
    orderReference: original.orderReference,
    parentTransactionId: original.id,
    postingId,
  });
}
