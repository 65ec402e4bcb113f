import { randomUUID } from 'node:crypto';
import type { App, AppInput, DeleteAppResponse, User } from '@bizdash/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { deleteAllKeys } from '../api-keys/index.ts';
import { hasCheckoutPayments } from '../checkout/index.ts';
import { findUsersHoldingMoney, hasMoneyHistory, lockOwnedWallets, openWallets } from '../money/index.ts';
import { hasPayouts } from '../payouts/index.ts';
import {
  archiveApp,
  eraseApp,
  findUserById,
  getUser,
  insertAppUser,
  listApps as listAppRows,
  lockUserById,
  USER_NOT_FOUND,
  type UsersDeps,
} from '../users/index.ts';

const APP_MESSAGES = {
  noAppsOfApps: 'An app cannot have apps of its own. Switch back to the business to add an app.',
  merchantNotDeleted: 'Only apps can be deleted here. Your business account itself cannot be deleted.',
  erased: 'App deleted.',
  archived:
    'App archived: it has money or history, so its records are kept. Its payment links stop selling and its API keys stop working; it stays in your apps while it holds money, so you can move it.',
} as const;

/**
 * Apps are managed by the merchant for itself: a request acting for an app (its user_id header or a named app)
 * cannot register, list or delete apps.
 */
function merchantOf(actor: Actor): string {
  if (actor.actingUserId !== actor.ownerId) throw badRequest(APP_MESSAGES.noAppsOfApps);
  return actor.ownerId;
}

/** A new app with its own NGN and USD wallets, opened as sign-up opens a merchant's. */
export async function createApp(deps: UsersDeps, actor: Actor, body: AppInput): Promise<User> {
  const db = deps.database.db;
  const merchant = await findUserById(db, merchantOf(actor));
  if (!merchant || merchant.isApp) throw notFound(USER_NOT_FOUND);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await insertAppUser(tx, merchant, { id, name: body.name, description: body.description });
    await openWallets(tx, id);
  });
  return getUser(deps, { ...actor, actingUserId: id });
}

/**
 * GET /api/users/{id}/apps, newest first: archived apps only while a wallet holds money (the merchant must still
 * see and move it). An app has none.
 */
export async function listApps(deps: UsersDeps, actor: Actor): Promise<App[]> {
  if (actor.actingUserId !== actor.ownerId) return [];
  const db = deps.database.db;
  const rows = await listAppRows(db, actor.ownerId);
  const archived = rows.filter((row) => row.archivedAt !== null).map((row) => row.id);
  const holding = await findUsersHoldingMoney(db, archived);
  const shown = rows.filter((row) => row.archivedAt === null || holding.has(row.id));
  return shown.map((row) => ({
    recordId: row.id,
    businessName: row.businessName,
    businessDescription: row.businessDescription,
    status: row.status,
    isApp: true as const,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    wallets: row.wallets,
  }));
}

/**
 * DELETE /api/users/{id} of an app: erased when it never held money nor did anything; otherwise archived, since its
 * transactions and ledger lines must stay. Either way its API keys stop at once. The row and its wallets are
 * locked first (as a posting locks them), so a balance cannot change under the check.
 */
export async function deleteApp(
  deps: UsersDeps & Pick<AppDeps, 'memberships'>,
  actor: Actor,
): Promise<DeleteAppResponse> {
  const appId = actor.actingUserId;
  if (appId === actor.ownerId) throw badRequest(APP_MESSAGES.merchantNotDeleted);
  const deleted = await deps.database.db.transaction(async (tx): Promise<DeleteAppResponse> => {
    const app = await lockUserById(tx, appId);
    if (!app?.isApp || app.parentUserId !== actor.ownerId || app.archivedAt) throw notFound(USER_NOT_FOUND);
    const walletsOfApp = await lockOwnedWallets(tx, appId);
    const now = new Date();
    await deleteAllKeys(tx, appId, now);
    if (walletsOfApp.some((wallet) => wallet.balance !== 0) || (await hasHistory(tx, appId))) {
      await archiveApp(tx, appId, now);
      return { recordId: appId, outcome: 'ARCHIVED', message: APP_MESSAGES.archived };
    }
    await eraseApp(tx, appId);
    return { recordId: appId, outcome: 'ERASED', message: APP_MESSAGES.erased };
  });
  // An erased app names nobody's business any more: this process must not find it kept.
  deps.memberships.forget(actor.ownerId);
  return deleted;
}

/** Anything a merchant may need to look back at: a transaction or ledger line, a payment attempt, a payout. */
async function hasHistory(tx: Tx, appId: string): Promise<boolean> {
  return (
    (await hasMoneyHistory(tx, appId)) ||
    (await hasCheckoutPayments(tx, appId)) ||
    (await hasPayouts(tx, appId))
  );
}
