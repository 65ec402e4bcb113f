import { createHash } from 'node:crypto';
import type { Currency } from '@bizdash/shared';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict } from '../../../lib/errors.ts';
import {
  findPostingByKey,
  findPostingEntries,
  insertEntries,
  insertPostingOnce,
  insertPostingsWithEntries,
  lockWalletState,
  moveWalletBalance,
  moveWalletBalanceForDispute,
} from './ledger.repository.ts';
import type { PostingResult, SystemAccountCode, TransferLeg, TransferRequest } from './ledger.types.ts';

const INSUFFICIENT_FUNDS = 'Insufficient funds: the wallet balance cannot cover this debit.';
const WALLET_NOT_AVAILABLE = 'This wallet cannot be used for this movement right now.';

/** A programming error in a caller, never a user's mistake: the posting would break the ledger's rules. */
export class LedgerRuleError extends Error {}

function assertBalanced(legs: TransferLeg[]) {
  if (legs.length < 2) throw new LedgerRuleError('a posting needs at least two legs');
  const sums = new Map<string, number>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      throw new LedgerRuleError(`leg amount must be a non-zero integer of minor units, got ${leg.amount}`);
    }
    sums.set(leg.currency, (sums.get(leg.currency) ?? 0) + leg.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new LedgerRuleError(`posting does not balance in ${currency}: off by ${sum}`);
  }
}

function hashRequest(request: TransferRequest): string {
  const legs = request.legs.map((leg) => ({ ...leg.account, currency: leg.currency, amount: leg.amount }));
  return createHash('sha256')
    .update(JSON.stringify({ kind: request.kind, legs, reverses: request.reversesPostingId ?? null }))
    .digest('hex');
}

/** Net change per wallet; a wallet named twice in one posting is locked and checked once. */
function walletChanges(legs: TransferLeg[]) {
  const changes = new Map<string, { currency: Currency; amount: number }>();
  for (const leg of legs) {
    if (!('walletId' in leg.account)) continue;
    const current = changes.get(leg.account.walletId);
    if (current && current.currency !== leg.currency) throw new LedgerRuleError('one wallet, two currencies');
    changes.set(leg.account.walletId, {
      currency: leg.currency,
      amount: (current?.amount ?? 0) + leg.amount,
    });
  }
  return changes;
}

/** A fee taken out of an incoming payment is not the merchant spending: a spend-locked wallet still pays it. */
const isSpending = (kind: TransferRequest['kind'], amount: number) => amount < 0 && kind !== 'FEE';

/**
 * Applies each wallet's net change, in wallet id order (so two postings over the same wallets never deadlock),
 * one checking update per wallet. Called last in a posting: the wallet row is the hot one, locked here until commit.
 */
async function applyWalletChanges(
  tx: Tx,
  changes: Map<string, { currency: Currency; amount: number }>,
  kind: TransferRequest['kind'],
) {
  for (const walletId of [...changes.keys()].sort()) {
    const change = changes.get(walletId);
    if (!change || change.amount === 0) continue;
    if (kind === 'DISPUTE' && change.amount < 0) {
      // ADR 051: a dispute's hold is the one movement that may take a wallet below zero.
      if (await moveWalletBalanceForDispute(tx, { walletId, ...change })) continue;
      throw new LedgerRuleError(
        `dispute hold names wallet ${walletId}, which does not hold ${change.currency}`,
      );
    }
    const spending = isSpending(kind, change.amount);
    if (await moveWalletBalance(tx, { walletId, ...change, spending })) continue;
    // Refused against the last committed state: judge again with the row locked, so a refusal always stands on
    // a balance nobody can change meanwhile (and money that arrived in between is not turned away).
    const wallet = await lockWalletState(tx, walletId);
    const refusal = refusalOf(wallet, walletId, change, spending);
    if (refusal) throw refusal;
    if (!(await moveWalletBalance(tx, { walletId, ...change, spending }))) {
      throw new LedgerRuleError(`wallet ${walletId} refused a change its locked state allows`);
    }
  }
}

/** Why a wallet refuses a change: a caller's mistake (no such wallet, other currency) or the rules; null if it does not. */
function refusalOf(
  wallet: Awaited<ReturnType<typeof lockWalletState>>,
  walletId: string,
  change: { currency: Currency; amount: number },
  spending: boolean,
): Error | null {
  if (!wallet) return new LedgerRuleError('posting names a wallet that does not exist');
  if (wallet.currency !== change.currency)
    return new LedgerRuleError(`wallet ${walletId} holds ${wallet.currency}`);
  if (wallet.status === 'DEACTIVATED' || (spending && wallet.status !== 'ACTIVE')) {
    return new AppError(409, 'WALLET_NOT_AVAILABLE', WALLET_NOT_AVAILABLE);
  }
  if (wallet.balance + change.amount < 0) return conflict(INSUFFICIENT_FUNDS, 'INSUFFICIENT_FUNDS');
  return null;
}

/**
 * Many postings at once (seeding, a payment with its fee): each posting must balance, and each wallet's net change
 * over the batch must keep it at or above zero (callers order movements so no balance dips below zero in between).
 * One statement for postings and entries and one checking update per wallet, no savepoint: a refusal is thrown
 * and the caller's transaction must roll back. Keys must be new: this is not a retry path. `walletRule`: the kind
 * whose spending rule applies to the net changes.
 */
export async function postTransfersInBulk(
  tx: Tx,
  requests: (TransferRequest & { postingId: string })[],
  walletRule: TransferRequest['kind'] = 'SEED',
) {
  if (requests.length === 0) return;
  for (const request of requests) assertBalanced(request.legs);
  const allLegs = requests.flatMap((request) => request.legs);
  await insertPostingsWithEntries(
    tx,
    requests.map((request) => ({
      id: request.postingId,
      idempotencyKey: request.idempotencyKey,
      requestHash: hashRequest(request),
      kind: request.kind,
      description: request.description,
    })),
    requests.flatMap((request) => request.legs.map((leg) => entryFor(request.postingId, leg))),
  );
  await applyWalletChanges(tx, walletChanges(allLegs), walletRule);
}

function entryFor(postingId: string, leg: TransferLeg) {
  return {
    postingId,
    currency: leg.currency,
    amount: leg.amount,
    ...('walletId' in leg.account ? { walletId: leg.account.walletId } : { system: leg.account.system }),
  };
}

/**
 * The one way money moves: inside the caller's transaction, a balanced set of entries, wallet rows locked and
 * balances updated, no wallet below zero. The same idempotency key gives the first result and moves money once.
 */
export async function postTransfer(tx: Tx, request: TransferRequest): Promise<PostingResult> {
  assertBalanced(request.legs);
  // A savepoint: a refused posting leaves no trace even when the caller catches the refusal and commits.
  return tx.transaction((savepoint) => writePosting(savepoint, request));
}

async function writePosting(tx: Tx, request: TransferRequest): Promise<PostingResult> {
  const requestHash = hashRequest(request);
  const postingId = await insertPostingOnce(tx, {
    idempotencyKey: request.idempotencyKey,
    requestHash,
    kind: request.kind,
    description: request.description,
    reversesPostingId: request.reversesPostingId,
  });
  if (!postingId) {
    const existing = await findPostingByKey(tx, request.idempotencyKey);
    if (!existing || existing.requestHash !== requestHash) {
      throw conflict(
        'This idempotency key was already used for a different movement.',
        'IDEMPOTENCY_MISMATCH',
      );
    }
    return { postingId: existing.id, replayed: true };
  }

  await insertEntries(
    tx,
    request.legs.map((leg) => entryFor(postingId, leg)),
  );
  await applyWalletChanges(tx, walletChanges(request.legs), request.kind);
  return { postingId, replayed: false };
}

/** Undoes a posting with its mirror image; a posting can be reversed once (the key and a unique index see to it). */
export async function reversePosting(tx: Tx, postingId: string, description: string): Promise<PostingResult> {
  const entries = await findPostingEntries(tx, postingId);
  if (entries.length === 0) throw new LedgerRuleError(`posting ${postingId} has no entries`);
  return postTransfer(tx, {
    idempotencyKey: `reversal:${postingId}`,
    kind: 'REVERSAL',
    description,
    reversesPostingId: postingId,
    legs: entries.map((entry) => ({
      account: entry.walletId
        ? { walletId: entry.walletId }
        : { system: entry.systemCode as SystemAccountCode },
      currency: entry.currency,
      amount: -entry.amount,
    })),
  });
}
