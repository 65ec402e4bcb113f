import { randomUUID } from 'node:crypto';
import type {
  Currency,
  ParsedTransactionSearchFilter,
  Transaction,
  TransactionChannel,
  TransactionPage,
  TransactionPageQuery,
  TransactionStatus,
  TransactionType,
} from '@bizdash/shared';
import { pageOf } from '@bizdash/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import {
  LedgerRuleError,
  postTransfer,
  postTransfersInBulk,
  reversePosting,
} from '../ledger/ledger.service.ts';
import type { SystemAccountCode, TransferRequest } from '../ledger/ledger.types.ts';
import { findOwnedWallet } from '../wallets/wallets.repository.ts';
import { childIdBelow, decodeCursor, encodeCursor } from './transaction-cursor.ts';
import type { OwnedFilter } from './transaction-filter.ts';
import {
  eachTransaction,
  findOwnedTransaction,
  findTransactionByPosting,
  insertTransaction,
  lockTransactionById,
  postWithChild,
  searchPage,
  type TransactionRow,
  updateTransactionStatusById,
} from './transactions.repository.ts';

const TRANSACTION_NOT_FOUND = 'Transaction not found';

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    transactionId: row.id,
    impactTime: row.impactTime.toISOString(),
    description: row.description,
    parentTransactionId: row.parentTransactionId,
    transactionAmount: row.transactionAmount,
    currencyCode: row.currencyCode,
    transactionType: row.transactionType,
    transactionStatus: row.transactionStatus,
    beneficiary: row.beneficiary,
    transactionChannel: row.transactionChannel,
    orderReference: row.orderReference,
    failureReason: row.failureReason,
    walletId: row.walletId,
    userId: row.userId,
  };
}

/** The filter of the acting user: the request context already checked that any userId it names is theirs. */
const ownedFilter = (userId: string, filter: ParsedTransactionSearchFilter): OwnedFilter => ({
  ...filter,
  userId,
});

/** A wallet filter naming someone else's wallet is a 404 (the queries are owner-scoped, so they found nothing anyway). */
async function assertWalletOwned(db: Db, filter: OwnedFilter) {
  if (filter.walletId && !(await findOwnedWallet(db, filter.userId, filter.walletId))) {
    throw notFound('Wallet not found');
  }
}

export async function search(
  db: Db,
  userId: string,
  filter: ParsedTransactionSearchFilter,
  { page, size, after }: TransactionPageQuery,
): Promise<TransactionPage> {
  const owned = ownedFilter(userId, filter);
  // One round trip's worth of latency: the wallet check runs beside the owner-scoped page and count queries.
  const [{ rows, total, totalCapped }] = await Promise.all([
    searchPage(db, owned, { page, size, after: after ? decodeCursor(after) : undefined }),
    assertWalletOwned(db, owned),
  ]);
  const last = rows.length === size ? rows.at(-1) : undefined;
  return {
    ...pageOf(rows.map(toTransaction), { page, size }, total),
    totalCapped,
    nextCursor: last ? encodeCursor(last) : null,
  };
}

export async function exportRows(db: Db, userId: string, filter: ParsedTransactionSearchFilter) {
  const owned = ownedFilter(userId, filter);
  await assertWalletOwned(db, owned);
  const rows = eachTransaction(db, owned);
  // The first batch is read before the response starts: a query that fails then gets an error answer, not a 200
  // whose connection drops halfway.
  const first = await rows.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* rows;
  })();
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
  FX: 'FX',
};

/** A transaction posts at most once: its id is the posting's idempotency key. */
function transferFor(row: PostableRow, counterparty: SystemAccountCode): TransferRequest {
  const walletAmount = row.transactionType === 'CREDIT' ? row.transactionAmount : -row.transactionAmount;
  const currency = row.currencyCode;
  return {
    idempotencyKey: `transaction:${row.id}`,
    kind: postingKinds[row.transactionChannel] ?? 'PAYMENT',
    description: row.description,
    legs: [
      { account: { walletId: row.walletId }, currency, amount: walletAmount },
      { account: { system: counterparty }, currency, amount: -walletAmount },
    ],
  };
}

const post = (tx: Tx, row: PostableRow, counterparty: SystemAccountCode) =>
  postTransfer(tx, transferFor(row, counterparty));

/**
 * Records a movement of one wallet; a SUCCESSFUL one is posted to the ledger in the same transaction.
 * `readWallet`: the wallet as the caller just read it for this user in this transaction (saves reading it again).
 */
export async function recordTransaction(
  tx: Tx,
  input: NewTransaction,
  readWallet?: { id: string; userId: string; currency: Currency },
): Promise<TransactionRow> {
  const wallet =
    readWallet?.id === input.walletId && readWallet.userId === input.userId
      ? readWallet
      : await findOwnedWallet(tx, input.userId, input.walletId);
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
  failureReason: string | null = null,
): Promise<TransactionRow> {
  const row = await lockTransactionById(tx, id);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  if (row.transactionStatus === 'SUCCESSFUL' || row.transactionStatus === 'FAILED') return row;
  if (outcome !== 'SUCCESSFUL') {
    return updateTransactionStatusById(tx, id, {
      transactionStatus: outcome,
      failureReason: outcome === 'FAILED' ? failureReason : null,
    });
  }
  const { postingId } = await post(tx, row, counterparty);
  return updateTransactionStatusById(tx, id, {
    transactionStatus: 'SUCCESSFUL',
    postingId,
    impactTime: new Date(),
  });
}

/**
 * Books a pending transaction the caller has locked together with the fee taken out of it (a SUCCESSFUL child
 * DEBIT): both postings and their entries in one statement, the wallet moved once by the net amount, the
 * transaction posted and its fee row written in one more. A refusal (say, a closed wallet) is thrown: the
 * caller's transaction must roll back.
 */
export async function settleWithFee(
  tx: Tx,
  pending: TransactionRow,
  counterparty: SystemAccountCode,
  fee: { amount: number; description: string; counterparty: SystemAccountCode } | null,
): Promise<{ feeTransactionId: string | null }> {
  if (pending.transactionStatus === 'SUCCESSFUL' || pending.transactionStatus === 'FAILED') {
    throw new LedgerRuleError(`transaction ${pending.id} is already ${pending.transactionStatus}`);
  }
  const feeRow = fee
    ? {
        id: childIdBelow(pending.id),
        userId: pending.userId,
        walletId: pending.walletId,
        transactionType: 'DEBIT' as const,
        transactionAmount: fee.amount,
        currencyCode: pending.currencyCode,
        description: fee.description,
        transactionChannel: 'FEE' as const,
        postingId: randomUUID(),
      }
    : null;
  const postingId = randomUUID();
  const postings = [{ ...transferFor(pending, counterparty), postingId }];
  if (feeRow && fee) postings.push({ ...transferFor(feeRow, fee.counterparty), postingId: feeRow.postingId });
  await postTransfersInBulk(tx, postings, 'PAYMENT');
  const posted = { id: pending.id, postingId, impactTime: new Date() };
  if (feeRow) await postWithChild(tx, posted, feeRow);
  else await updateTransactionStatusById(tx, pending.id, { transactionStatus: 'SUCCESSFUL', ...posted });
  return { feeTransactionId: feeRow?.id ?? null };
}

/** Undoes a successful transaction with an opposite one whose parent it is; the original stays as it was. */
export async function reverseTransaction(tx: Tx, id: string, reason: string): Promise<TransactionRow> {
  const original = await lockTransactionById(tx, id);
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
