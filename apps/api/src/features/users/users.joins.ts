import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/users.ts';

/**
 * For the hot-path statements of other features that read a user's row in the same query rather than in a round
 * trip of its own (sign-in's credentials, an API key's holder, a checkout's seller): the table to join and the
 * columns each reads. Nothing is written through it: every write is a verb of the face.
 */
export const joinableUsers = users;

/** What checkout shows and decides of the seller of a product. */
export const sellerColumns = {
  id: users.id,
  businessName: users.businessName,
  checkoutLogoUrl: users.checkoutLogoUrl,
  chargeCheckoutFeeToCustomer: users.chargeCheckoutFeeToCustomer,
  archivedAt: users.archivedAt,
};

/** Whom an API key acts for: its merchant when the holder is an app, and whether that app was archived. */
export const keyHolderColumns = {
  parentUserId: users.parentUserId,
  archivedAt: users.archivedAt,
};

/** What sign-in and a password check read of the account beside its credentials. */
export const accountColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  tokenVersion: users.tokenVersion,
};

/**
 * The business of a user a request names (the merchant itself, or an app's merchant), for the signed-in scope's
 * membership check: join it on `businessOf(joinableUsers)` and read businessOfColumns.
 */
export const joinableBusinesses = alias(users, 'business');
export const businessOf = (user: typeof users) =>
  eq(joinableBusinesses.id, sql`coalesce(${user.parentUserId}, ${user.id})`);
export const businessOfColumns = {
  businessId: joinableBusinesses.id,
  requireTwoFactor: joinableBusinesses.requireTwoFactor,
};

/** What the Team tab and an invitation show of a person (their own account) or of a business. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  businessName: users.businessName,
  requireTwoFactor: users.requireTwoFactor,
  isApp: users.isApp,
  createdAt: users.createdAt,
};
