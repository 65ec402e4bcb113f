import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_NOT_FOUND,
  type AddNigeriaBankRequest,
  BANK_ACCOUNT_DUPLICATE,
  type BankAccount,
  type Currency,
  formatMaskedAccountNumber,
  type HostedBankLink,
  NIGERIAN_BANKS,
  nubanCheckDigit,
  type ResolveAccountRequest,
  type ResolvedAccount,
  UNKNOWN_BANK,
} from '@bizdash/shared';
import type { DbOrTx } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/postgres-errors.ts';
import { callbackSeen, type ReceivedCallback, recordCallback } from '../../plugins/provider-callbacks.ts';
import {
  type DirectoryBank,
  DirectoryUnavailable,
} from '../../providers/bank-directory/bank-directory-provider.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { findOwnedWallet, listWallets } from '../money/index.ts';
import { findOwnedUser, findUserById } from '../users/index.ts';
import { BANK_LIST_UNAVAILABLE, type BankList, createBankList } from './bank-list.ts';
import {
  type BankAccountRow,
  completeLink,
  deactivateOwnedBankAccount,
  failLink,
  findLinkByProviderReference,
  findOwnedBankAccount,
  insertBankAccount,
  insertBankLink,
  listBankAccounts,
  lockLink,
  type NewBankAccount,
  setLinkProviderReference,
} from './banks.repository.ts';

type BanksDeps = Pick<AppDeps, 'database' | 'bankDirectory' | 'bankLink' | 'secretBox' | 'keys'>;
/** Name enquiry's: the directory, and its list as this app keeps it (bank-list.ts). */
type EnquiryDeps = Pick<BanksDeps, 'bankDirectory'> & { bankList: BankList };

const USER_NOT_FOUND = 'User not found';
const WALLET_NOT_FOUND = 'Wallet not found';
const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found';
const NOT_NGN_WALLET = 'Nigerian bank accounts settle the NGN wallet. Choose your NGN wallet.';
const NO_USD_WALLET = 'This account has no USD wallet to settle to a US bank account.';
const LINK_NOT_OPEN = 'This bank link has expired or was already used. Start again from Bizdash.';
const UNKNOWN_LINK = 'The callback names no bank link.';
const LINK_UNAVAILABLE = new AppError(
  502,
  'BANK_LINK_UNAVAILABLE',
  'The bank link could not be opened just now. Please try again.',
);
const HOLDER_NOT_RESOLVED = new AppError(
  409,
  'ACCOUNT_NAME_UNAVAILABLE',
  'The bank could not confirm the account name just now. Please try again.',
);

/** The bank entity of SPEC section 3 (the whole number never leaves the server: its last four, behind '*'). */
function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    recordId: row.id,
    bankName: row.bankName,
    accountHolderName: row.accountHolderName,
    accountNumberMasked: formatMaskedAccountNumber(row.accountNumberLast4),
    status: row.status,
    currencyCode: row.currency,
    accountType: row.accountType,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The keyed hash that finds an active duplicate without opening any sealed number (migration 0015). */
function accountNumberHash(
  deps: Pick<BanksDeps, 'keys'>,
  currency: Currency,
  bankCode: string | null,
  accountNumber: string,
) {
  return deps.keys.hmac('bank-account-numbers', `${currency}:${bankCode ?? ''}:${accountNumber}`, 'hex');
}

/**
 * The row to insert for an account: its id drawn first, since the sealed numbers are bound to it (context
 * `bank-account:<id>`), so a sealed value copied to another row does not open.
 */
function sealedAccount(
  deps: Pick<BanksDeps, 'secretBox' | 'keys'>,
  account: {
    userId: string;
    walletId: string;
    currency: Currency;
    bankName: string;
    bankCode: string | null;
    accountHolderName: string;
    accountType: string;
    accountNumber: string;
    routingNumber: string | null;
    source: string;
    providerReference: string | null;
  },
): NewBankAccount {
  const id = randomUUID();
  const context = `bank-account:${id}`;
  return {
    id,
    userId: account.userId,
    walletId: account.walletId,
    currency: account.currency,
    bankName: account.bankName,
    bankCode: account.bankCode,
    accountHolderName: account.accountHolderName,
    accountType: account.accountType,
    accountNumberSealed: deps.secretBox.seal(account.accountNumber, context),
    accountNumberLast4: account.accountNumber.slice(-4),
    accountNumberHash: accountNumberHash(deps, account.currency, account.bankCode, account.accountNumber),
    routingNumberSealed: account.routingNumber ? deps.secretBox.seal(account.routingNumber, context) : null,
    source: account.source,
    providerReference: account.providerReference,
  };
}

/** What the audit trail keeps of a settlement account: never its number, only the last four digits. */
const auditedAccount = (row: BankAccountRow) => ({
  userId: row.userId,
  bankName: row.bankName,
  accountNumberLast4: row.accountNumberLast4,
  currency: row.currency,
  accountType: row.accountType,
});

async function insertUnlessDuplicate(deps: BanksDeps, values: NewBankAccount, audit: BusinessAuditContext) {
  try {
    return await deps.database.db.transaction(async (tx) => {
      // Dated by lib/clock: the demo seed adds one at a past moment of its team's activity.
      const at = now();
      const row = await insertBankAccount(tx, { createdAt: at, updatedAt: at, ...values });
      await recordAuditEvent(tx, {
        ...audit,
        action: 'settlement_account.added',
        target: { type: 'bank_account', id: row.id },
        details: { ...auditedAccount(row), source: row.source },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BANK_ACCOUNT_DUPLICATE, 'BANK_ACCOUNT_DUPLICATE');
    throw error;
  }
}

/**
 * The bank of the code on the bank directory's list (the schema checked only its form: the directory may list
 * banks the product's own list does not, such as micro-finance banks), refused as the schema refuses a field.
 * With no list to read (the directory has not given one since start), a bank of the product's own list is still
 * one to ask about, and its name enquiry decides; any other code waits for the list (BANK_LIST_UNAVAILABLE).
 */
async function listedBank(deps: EnquiryDeps, bankCode: string): Promise<DirectoryBank> {
  const bank = await deps.bankList.find(bankCode).catch((error: unknown) => {
    const known = NIGERIAN_BANKS.find((candidate) => candidate.bankCode === bankCode);
    if (error === BANK_LIST_UNAVAILABLE && known) return known;
    throw error;
  });
  if (!bank) {
    throw new AppError(400, 'VALIDATION_ERROR', UNKNOWN_BANK, [{ path: 'bankCode', message: UNKNOWN_BANK }]);
  }
  return bank;
}

/** The name the bank holds the account under (name enquiry), and the bank's name. */
export async function resolveAccount(
  deps: EnquiryDeps,
  { bankCode, accountNumber }: ResolveAccountRequest,
): Promise<ResolvedAccount> {
  return nameEnquiry(deps, await listedBank(deps, bankCode), accountNumber);
}

async function nameEnquiry(
  deps: EnquiryDeps,
  bank: DirectoryBank,
  accountNumber: string,
): Promise<ResolvedAccount> {
  const lookup = await deps.bankDirectory
    .resolveAccount({ bankCode: bank.bankCode, accountNumber })
    .catch((error: unknown) => {
      if (error instanceof DirectoryUnavailable) throw HOLDER_NOT_RESOLVED;
      throw error;
    });
  if (!lookup.found) {
    throw new AppError(400, 'ACCOUNT_NOT_FOUND', ACCOUNT_NOT_FOUND, [
      { path: 'accountNumber', message: ACCOUNT_NOT_FOUND },
    ]);
  }
  const accountName = lookup.accountName.trim();
  if (!accountName) throw HOLDER_NOT_RESOLVED;
  return { accountName, bankName: bank.bankName };
}

/**
 * An NGN settlement account at a Nigerian bank, for the acting user's NGN wallet. The number passed the schema's
 * check (ten digits; the NUBAN check digit where the product's list knows the bank's); the bank is on the
 * directory's list; the holder's name comes from the bank directory, never from the client.
 */
export async function addNigeriaBank(
  deps: BanksDeps & EnquiryDeps,
  actor: Actor,
  body: AddNigeriaBankRequest,
  audit: BusinessAuditContext,
): Promise<BankAccount> {
  const { db } = deps.database;
  // An unknown bank is a field error like the schema's, so it is told before anything about the wallet.
  const bank = await listedBank(deps, body.bankCode);
  const wallet = await findOwnedWallet(db, actor.actingUserId, body.userWalletRecordId);
  if (!wallet) throw notFound(WALLET_NOT_FOUND);
  if (wallet.currency !== 'NGN') throw badRequest(NOT_NGN_WALLET, 'NOT_NGN_WALLET');
  const resolved = await nameEnquiry(deps, bank, body.accountNumber);
  const row = await insertUnlessDuplicate(
    deps,
    sealedAccount(deps, {
      userId: actor.actingUserId,
      walletId: wallet.id,
      currency: 'NGN',
      bankName: resolved.bankName,
      bankCode: body.bankCode,
      accountHolderName: resolved.accountName,
      accountType: body.accountType,
      accountNumber: body.accountNumber,
      routingNumber: null,
      source: 'bank_form',
      providerReference: null,
    }),
    audit,
  );
  return toBankAccount(row);
}

/** The user's settlement accounts, newest first: GET /api/bank/accounts and the User entity's banks. */
export async function getBankAccounts(db: DbOrTx, userId: string): Promise<BankAccount[]> {
  return (await listBankAccounts(db, userId)).map(toBankAccount);
}

/** Stops settling to the account; it stays listed as DEACTIVATED. Someone else's (or none) is a 404. */
export async function deactivateBankAccount(
  deps: BanksDeps,
  actor: Actor,
  bankAccountId: string,
  audit: BusinessAuditContext,
): Promise<BankAccount> {
  const { db } = deps.database;
  const deactivated = await db.transaction(async (tx) => {
    const row = await deactivateOwnedBankAccount(tx, actor.actingUserId, bankAccountId);
    if (!row) return null;
    await recordAuditEvent(tx, {
      ...audit,
      action: 'settlement_account.removed',
      target: { type: 'bank_account', id: row.id },
      details: auditedAccount(row),
    });
    return row;
  });
  if (deactivated) return toBankAccount(deactivated);
  const existing = await findOwnedBankAccount(db, actor.actingUserId, bankAccountId);
  if (!existing) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  return toBankAccount(existing);
}

/**
 * A hosted bank link for the acting user's USD settlement account: the body's userRecordId, which the signed-in
 * scope checked is the caller's (or, for a request confined to an app, that app) and made the acting user.
 */
export async function createHostedLink(
  deps: BanksDeps,
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
  let started: Awaited<ReturnType<BanksDeps['bankLink']['createLink']>>;
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
  deps: BanksDeps,
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

/**
 * The demo merchant's settlement accounts (npm run seed), added `addedAt` the way the product adds them: a Naira
 * account at GTBank named by the bank directory, the sandbox bank-link's First Platypus checking account in Dollars,
 * and an old Access Bank account the sandbox rail answers "account closed" for (README, Payouts), deactivated once
 * a payout to it came back. Returns the three accounts' ids.
 */
export async function seedDemoSettlementAccounts(
  deps: Pick<BanksDeps, 'database' | 'bankDirectory' | 'secretBox' | 'keys'>,
  userId: string,
  addedAt: Date,
) {
  const { db } = deps.database;
  const user = await findUserById(db, userId);
  const wallets = await listWallets(db, userId);
  const ngn = wallets.find((wallet) => wallet.currency === 'NGN');
  const usd = wallets.find((wallet) => wallet.currency === 'USD');
  if (!user || !ngn || !usd) throw new Error('the demo merchant has no wallets');
  const enquiry = { bankDirectory: deps.bankDirectory, bankList: createBankList(deps.bankDirectory) };
  const nairaAccount = async (bankCode: string, serial: string) => {
    const accountNumber = `${serial}${nubanCheckDigit(bankCode, serial)}`;
    const resolved = await resolveAccount(enquiry, { bankCode, accountNumber });
    const values = sealedAccount(deps, {
      userId,
      walletId: ngn.id,
      currency: 'NGN',
      bankName: resolved.bankName,
      bankCode,
      accountHolderName: resolved.accountName,
      accountType: 'current',
      accountNumber,
      routingNumber: null,
      source: 'bank_form',
      providerReference: null,
    });
    return insertBankAccount(db, { ...values, createdAt: addedAt });
  };
  // Numbers the sandbox directory names Adaeze Okafor, the demo merchant (README, the sandbox's names).
  const closed = await nairaAccount('044', '999000578');
  const naira = await nairaAccount('058', '204000087');
  const dollar = await insertBankAccount(db, {
    ...sealedAccount(deps, {
      userId,
      walletId: usd.id,
      currency: 'USD',
      bankName: 'First Platypus Bank',
      bankCode: null,
      accountHolderName: user.businessName,
      accountType: 'checking',
      accountNumber: '1111222233330000',
      routingNumber: '011401533',
      source: 'bank_link:sandbox',
      providerReference: 'sandbox-account-ins_109508-checking',
    }),
    createdAt: addedAt,
  });
  return { naira: naira.id, dollar: dollar.id, closed: closed.id };
}
