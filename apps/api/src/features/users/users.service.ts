import type { User } from '@bizdash/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { findOwnedUser, findOwnedUserWithWallets } from './users.repository.ts';

export const USER_NOT_FOUND = 'User not found';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The acting user (the merchant, or the app the request named): who it is, its wallets and settings. */
export async function getUser(db: Db, { ownerId, actingUserId }: Actor): Promise<User> {
  const found = await findOwnedUserWithWallets(db, ownerId, actingUserId);
  if (!found) throw notFound(USER_NOT_FOUND);
  const { user, wallets } = found;
  return {
    recordId: user.id,
    status: user.status,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    profilePictureUrl: user.profilePictureUrl,
    businessName: user.businessName,
    countryOfBusiness: user.countryOfBusiness,
    businessDescription: user.businessDescription,
    chargeCheckoutFeeToCustomer: user.chargeCheckoutFeeToCustomer,
    checkoutLogUrl: user.checkoutLogoUrl,
    isApp: user.isApp,
    apiKey: { apiKey: null, webhookUrl: null },
    wallets: wallets.map((wallet) => ({
      currency: wallet.currency,
      walletId: wallet.walletId,
    })),
    banks: [],
  };
}

/** A user id named by the caller (user_id header, path or body) must be the caller or one of its apps. */
export async function assertOwnedUser(db: Db, ownerId: string, userId: string): Promise<void> {
  if (userId === ownerId) return;
  if (!UUID_PATTERN.test(userId) || !(await findOwnedUser(db, ownerId, userId)))
    throw notFound(USER_NOT_FOUND);
}
