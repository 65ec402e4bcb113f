import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { checkoutPayments } from '../../db/schema/checkout.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { users } from '../../db/schema/users.ts';
import { wallets } from '../../db/schema/wallets.ts';
import { walletsOfUserRow } from '../users/index.ts';

/** The merchant's own row: apps are registered under a merchant, never under another app. */
export async function findMerchant(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      isApp: users.isApp,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      countryOfBusiness: users.countryOfBusiness,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type Merchant = NonNullable<Awaited<ReturnType<typeof findMerchant>>>;

/**
 * An app is a user (SPEC section 3) without credentials: it never signs in, its merchant acts for it. The person
 * behind it is the merchant's; its address is a placeholder under the reserved .invalid domain (the column is
 * unique and required, and no mail is ever sent there).
 */
export async function insertApp(
  tx: Tx,
  merchant: Merchant,
  app: { id: string; name: string; description: string | null },
) {
  await tx.insert(users).values({
    id: app.id,
    email: `app-${app.id}@apps.bizdash.invalid`,
    firstName: merchant.firstName,
    lastName: merchant.lastName,
    phoneNumber: merchant.phoneNumber,
    businessName: app.name,
    businessDescription: app.description,
    countryOfBusiness: merchant.countryOfBusiness,
    status: merchant.status,
    emailVerified: true,
    isApp: true,
    parentUserId: merchant.id,
  });
}

/**
 * The merchant's apps, newest first, each with its wallets: archived ones only while a wallet holds money (the
 * merchant must still see and move it).
 */
export function listAppsOf(db: DbOrTx, merchantId: string) {
  const holdsMoney = sql`exists (select 1 from ${wallets} where ${wallets.userId} = ${users.id} and ${wallets.balance} <> 0)`;
  return db
    .select({
      id: users.id,
      businessName: users.businessName,
      businessDescription: users.businessDescription,
      status: users.status,
      createdAt: users.createdAt,
      archivedAt: users.archivedAt,
      wallets: walletsOfUserRow,
    })
    .from(users)
    .where(
      and(
        eq(users.parentUserId, merchantId),
        eq(users.isApp, true),
        or(isNull(users.archivedAt), holdsMoney),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** One app of the merchant, locked for its deletion. */
export async function lockAppOf(tx: Tx, merchantId: string, appId: string) {
  const [row] = await tx
    .select({ id: users.id, archivedAt: users.archivedAt })
    .from(users)
    .where(and(eq(users.id, appId), eq(users.parentUserId, merchantId), eq(users.isApp, true)))
    .for('update');
  return row ?? null;
}

/** Anything a merchant may need to look back at: a payment attempt, a transaction, a ledger line, a payout. */
export async function hasHistory(tx: Tx, appId: string): Promise<boolean> {
  const appWallets = tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, appId));
  const [row] = await tx
    .select({
      any: sql<boolean>`exists (select 1 from ${transactions} where ${transactions.userId} = ${appId})
        or exists (select 1 from ${checkoutPayments} where ${checkoutPayments.userId} = ${appId})
        or exists (select 1 from ${payouts} where ${payouts.userId} = ${appId})
        or exists (select 1 from ${ledgerEntries} where ${ledgerEntries.walletId} in (${appWallets}))`,
    })
    .from(sql`(select 1) as one`);
  return row?.any === true;
}

export async function eraseApp(tx: Tx, appId: string) {
  await tx.delete(users).where(and(eq(users.id, appId), eq(users.isApp, true)));
}

export async function archiveApp(tx: Tx, appId: string, now: Date) {
  await tx.update(users).set({ archivedAt: now, updatedAt: now }).where(eq(users.id, appId));
}
