import {
  ACCOUNT_NOT_FOUND,
  type AddNigeriaBankRequest,
  BANK_ACCOUNT_DUPLICATE,
  type BankAccount,
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
import {
  type DirectoryBank,
  DirectoryUnavailable,
} from '../../providers/bank-directory/bank-directory-provider.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { findOwnedWallet, listWallets } from '../money/index.ts';
import { findUserById } from '../users/index.ts';
import { auditedAccount, sealedAccount, toBankAccount } from './bank-account-rows.ts';
import { BANK_LIST_UNAVAILABLE, type BankList, createBankList } from './bank-list.ts';
import {
  deactivateOwnedBankAccount,
  findOwnedBankAccount,
  insertBankAccount,
  listBankAccounts,
  type NewBankAccount,
} from './banks.repository.ts';

type BanksDeps = Pick<AppDeps, 'database' | 'bankDirectory' | 'secretBox' | 'keys'>;
/** Name enquiry's: the directory, and its list as this app keeps it (bank-list.ts). */
type EnquiryDeps = Pick<BanksDeps, 'bankDirectory'> & { bankList: BankList };

const WALLET_NOT_FOUND = 'Wallet not found';
const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found';
const NOT_NGN_WALLET = 'Nigerian bank accounts settle the NGN wallet. Choose your NGN wallet.';
const HOLDER_NOT_RESOLVED = new AppError(
  409,
  'ACCOUNT_NAME_UNAVAILABLE',
  'The bank could not confirm the account name just now. Please try again.',
);

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
 * The demo merchant's settlement accounts (npm run seed), added `addedAt` the way the product adds them: a Naira
 * account at GTBank named by the bank directory, the sandbox bank-link's First Platypus checking account in Dollars,
 * and an old Access Bank account the sandbox rail answers "account closed" for (README, Payouts), deactivated once
 * a payout to it came back. Returns the three accounts' ids.
 */
export async function seedDemoSettlementAccounts(deps: BanksDeps, userId: string, addedAt: Date) {
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
