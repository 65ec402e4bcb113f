/**
 * What other features may use of users, whose table is this feature's alone (ADR 047): owner-scoped lookups and
 * the ownership check of the request context, the verbs that change a user's row (a merchant's or an app's), and
 * for a few hot-path joins the table with named column sets (users.joins.ts); for GET /api/users/{id}, its one
 * statement with room for the sections other features own, and the wire shape (src/user-sections.ts composes them).
 */
export { archiveApp, eraseApp, insertAppUser, listApps } from './apps.repository.ts';
export { createTokenVersions } from './token-versions.ts';
export {
  accountColumns,
  businessOf,
  businessOfColumns,
  joinableBusinesses,
  joinableUsers,
  keyHolderColumns,
  personColumns,
  sellerColumns,
} from './users.joins.ts';
export {
  bumpTokenVersion,
  findOwnedUser,
  findRecipientByUserId,
  findUserByEmail,
  findUserById,
  insertMerchantUser,
  lockUserById,
  type NewMerchant,
  ownedUserIds,
  ownedUserWithSectionsQuery,
  setEmailVerified,
  setProfilePictureUrl,
  setRequireTwoFactor,
  setUserStatus,
} from './users.repository.ts';
export { assertOwnedUser, getUser, USER_NOT_FOUND, type UsersDeps } from './users.service.ts';
export { toWireUser } from './users.wire.ts';
