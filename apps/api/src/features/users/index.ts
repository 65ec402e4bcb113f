/** What other features may use of users: owner-scoped lookups and the ownership check of the request context. */
export { createTokenVersions, TOKEN_VERSIONS_CHANNEL } from './token-versions.ts';
export { findOwnedUser, ownedUserIds, walletsOfUserRow } from './users.repository.ts';
export { assertOwnedUser, getUser, USER_NOT_FOUND, type UsersDeps } from './users.service.ts';
