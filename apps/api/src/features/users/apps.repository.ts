import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { type UserRow, walletsOfUserRow } from './users.repository.ts';

// An app is a users row (SPEC section 3, ADR 033): the apps feature registers, lists and deletes apps through these.

/**
 * An app is a user without credentials: it never signs in, its merchant acts for it. The person behind it is the
 * merchant's; its address is a placeholder under the reserved .invalid domain (the column is unique and required,
 * and no mail is ever sent there).
 */
export async function insertAppUser(
  tx: Tx,
  merchant: UserRow,
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

/** The merchant's apps, archived ones too, newest first, each with its wallets. */
export function listApps(db: DbOrTx, merchantId: string) {
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
    .where(and(eq(users.parentUserId, merchantId), eq(users.isApp, true)))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** An app that never held money nor did anything goes with its rows (its wallets cascade). */
export async function eraseApp(tx: Tx, appId: string) {
  await tx.delete(users).where(and(eq(users.id, appId), eq(users.isApp, true)));
}

/** An app with history stays for it: hidden, its payment links and keys refused. */
export async function archiveApp(tx: Tx, appId: string, now: Date) {
  await tx.update(users).set({ archivedAt: now, updatedAt: now }).where(eq(users.id, appId));
}
