import { BANK_ACCOUNT_DUPLICATE, type BankAccount, type HostedBankLink } from '@bizdash/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/postgres-errors.ts';
import { callbackSeen, type ReceivedCallback, recordCallback } from '../../plugins/provider-callbacks.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { listWallets } from '../money/index.ts';
import { findOwnedUser, findUserById } from '../users/index.ts';
import { auditedAccount, sealedAccount, toBankAccount } from './bank-account-rows.ts';
import {
  completeLink,
  failLink,
  findLinkByProviderReference,
  insertBankAccount,
  insertBankLink,
  lockLink,
  setLinkProviderReference,
} from './banks.repository.ts';

/*
 * A USD settlement account through the bank-link provider's hosted page (Plaid Hosted Link, or the sandbox's): the
 * link opened for the acting user, then the provider's signed callback completes it with the account it names.
 */

type BankLinkDeps = Pick<AppDeps, 'database' | 'bankLink' | 'secretBox' | 'keys'>;

const USER_NOT_FOUND = 'User not found';
const NO_USD_WALLET = 'This account has no USD wallet to settle to a US bank account.';
const LINK_NOT_OPEN = 'This bank link has expired or was already used. Start again from Bizdash.';
const UNKNOWN_LINK = 'The callback names no bank link.';
const LINK_UNAVAILABLE = new AppError(
  502,
  'BANK_LINK_UNAVAILABLE',
  'The bank link could not be opened just now. Please try again.',
);

/**
 * A hosted bank link for the acting user's USD settlement account: the body's userRecordId, which the signed-in
 * scope checked is the caller's (or, for a request confined to an app, that app) and made the acting user.
 */
export async function createHostedLink(
  deps: BankLinkDeps,
  actor: Actor,
  origin: string,
  onProviderError: (error: unknown) => void,
): Promise<HostedBankLink> {
  const { db } = deps.database;
  const user = await findOwnedUser(db, actor.ownerId, actor.actingUserId);
  if (!user) throw notFound(USER_NOT_FOUND);
  const wallet = (await listWallets(db, user.id)).find((owned) => owned.currency === 'USD');
  if (!wallet) throw conflict(NO_USD_WALLET, 'NO_USD_WALLET');

  // Provisional expiry until the provider says its own.
  const link = await insertBankLink(db, {
    userId: user.id,
    walletId: wallet.id,
    provider: deps.bankLink.name,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  let started: Awaited<ReturnType<BankLinkDeps['bankLink']['createLink']>>;
  try {
    started = await deps.bankLink.createLink({
      linkId: link.id,
      userId: user.id,
      clientName: 'Bizdash',
      completionRedirectUrl: `${origin}/settings/settlement-account`,
      callbackUrl: `${origin}/api/bank/link/callback`,
    });
  } catch (error) {
    onProviderError(error);
    await failLink(db, link.id, 'The bank-link provider did not open the link.');
    throw LINK_UNAVAILABLE;
  }
  await setLinkProviderReference(db, link.id, started.providerReference, started.expiresAt);
  return { hostedLinkUrl: new URL(started.hostedLinkUrl, origin).toString() };
}

/**
 * A bank-link provider's callback, exactly as received: signature and timestamp checked (CallbackRefused when they
 * fail, or when the provider refuses its public token), each callback id applied once (a replay is a 409 and
 * changes nothing), only to a link still open. The public token is exchanged for the account, whose numbers are
 * sealed at once; the account and the completed link commit together.
 */
export async function applyLinkCallback(
  deps: BankLinkDeps,
  request: ReceivedCallback,
): Promise<{ applied: boolean; bankAccount: BankAccount | null }> {
  const { db } = deps.database;
  const provider = deps.bankLink.name;
  const callback = await deps.bankLink.verifyCallback(request);
  // Genuine, but nothing to apply: acknowledged so the provider does not send it again.
  if (!callback) return { applied: false, bankAccount: null };
  const seen = { source: 'bank-link', provider, callbackId: callback.callbackId } as const;
  if (await callbackSeen(db, seen)) {
    throw conflict('This callback was already received.', 'CALLBACK_REPLAYED');
  }
  const link = await findLinkByProviderReference(db, provider, callback.providerReference);
  if (!link) throw badRequest(UNKNOWN_LINK, 'UNKNOWN_LINK');
  if (link.status !== 'OPEN' || link.expiresAt.getTime() <= Date.now()) {
    throw conflict(LINK_NOT_OPEN, 'LINK_NOT_OPEN');
  }

  const linked = await deps.bankLink.exchange(callback.publicToken);
  const user = await findUserById(db, link.userId);
  const values = sealedAccount(deps, {
    userId: link.userId,
    walletId: link.walletId,
    currency: 'USD',
    bankName: linked.institutionName,
    bankCode: null,
    accountHolderName: linked.accountHolderName?.trim() || user?.businessName || 'Account holder',
    accountType: linked.accountType,
    accountNumber: linked.accountNumber,
    routingNumber: linked.routingNumber,
    source: `bank_link:${provider}`,
    providerReference: linked.providerReference,
  });

  try {
    const row = await db.transaction(async (tx) => {
      if (!(await recordCallback(tx, seen))) {
        throw conflict('This callback was already received.', 'CALLBACK_REPLAYED');
      }
      const locked = await lockLink(tx, link.id);
      if (locked?.status !== 'OPEN') throw conflict(LINK_NOT_OPEN, 'LINK_NOT_OPEN');
      const inserted = await insertBankAccount(tx, values);
      await completeLink(tx, link.id, inserted.id);
      // Completed by the provider's callback: the business's chain, for the user the link was opened for.
      await recordAuditEvent(tx, {
        actorPersonId: null,
        apiKeyPrefix: null,
        actingUserId: link.userId,
        ip: null,
        userAgent: null,
        businessId: user?.parentUserId ?? link.userId,
        action: 'settlement_account.added',
        target: { type: 'bank_account', id: inserted.id },
        details: { ...auditedAccount(inserted), source: inserted.source, bankLinkId: link.id },
      });
      return inserted;
    });
    return { applied: true, bankAccount: toBankAccount(row) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await recordCallback(db, seen);
    await failLink(db, link.id, BANK_ACCOUNT_DUPLICATE);
    throw conflict(BANK_ACCOUNT_DUPLICATE, 'BANK_ACCOUNT_DUPLICATE');
  }
}
