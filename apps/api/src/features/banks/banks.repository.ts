import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { bankLinks } from '../../db/schema/bank-links.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccount = typeof bankAccounts.$inferInsert & { id: string };

export async function insertBankAccount(db: DbOrTx, values: NewBankAccount) {
  const [row] = await db.insert(bankAccounts).values(values).returning();
  if (!row) throw new Error('bank account vanished');
  return row;
}

/** The user's settlement accounts, newest first (deactivated ones too: they stay on the record). */
export async function listBankAccounts(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
}

export async function findOwnedBankAccount(db: DbOrTx, userId: string, bankAccountId: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)));
  return row ?? null;
}

/**
 * The account, locked against deactivation until the transaction ends: the money never leaves (or goes to the
 * rail) for an account deactivated a moment before.
 */
export async function lockBankAccount(tx: Tx, bankAccountId: string) {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId))
    .for('share')
    .limit(1);
  return row ?? null;
}

/** Keeps the rail's name for the account (its transfer recipient) so the next payout to it needs no new one. */
export async function keepRailRecipientCode(tx: Tx, bankAccountId: string, recipientCode: string) {
  await tx
    .update(bankAccounts)
    .set({ railRecipientCode: recipientCode })
    .where(
      and(
        eq(bankAccounts.id, bankAccountId),
        sql`${bankAccounts.railRecipientCode} is distinct from ${recipientCode}`,
      ),
    );
}

/** Owner-scoped: another user's account is never touched (null). An already deactivated one stays as it is. */
export async function deactivateOwnedBankAccount(db: DbOrTx, userId: string, bankAccountId: string) {
  const [row] = await db
    .update(bankAccounts)
    .set({ status: 'DEACTIVATED' })
    .where(
      and(
        eq(bankAccounts.id, bankAccountId),
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.status, 'ACTIVE'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertBankLink(
  db: DbOrTx,
  values: { userId: string; walletId: string; provider: string; expiresAt: Date },
) {
  const [row] = await db.insert(bankLinks).values(values).returning();
  if (!row) throw new Error('bank link vanished');
  return row;
}

export async function setLinkProviderReference(
  db: DbOrTx,
  linkId: string,
  providerReference: string,
  expiresAt: Date,
) {
  await db.update(bankLinks).set({ providerReference, expiresAt }).where(eq(bankLinks.id, linkId));
}

export async function findLinkByProviderReference(db: DbOrTx, provider: string, providerReference: string) {
  const [row] = await db
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.provider, provider), eq(bankLinks.providerReference, providerReference)));
  return row ?? null;
}

/** The link, locked: of two callbacks for one link, the second waits and finds it completed. */
export async function lockLink(tx: Tx, linkId: string) {
  const [row] = await tx.select().from(bankLinks).where(eq(bankLinks.id, linkId)).for('update');
  return row ?? null;
}

export async function completeLink(tx: Tx, linkId: string, bankAccountId: string) {
  await tx
    .update(bankLinks)
    .set({ status: 'COMPLETED', bankAccountId, reason: null })
    .where(eq(bankLinks.id, linkId));
}

export async function failLink(db: DbOrTx, linkId: string, reason: string) {
  await db
    .update(bankLinks)
    .set({ status: 'FAILED', reason })
    .where(and(eq(bankLinks.id, linkId), eq(bankLinks.status, 'OPEN')));
}
