/** What other features may use of users: owner-scoped lookups and the ownership check of the request context. */
export { createTokenVersions, TOKEN_VERSIONS_CHANNEL } from './token-versions.ts';
export { findOwnedUser, ownedUserIds } from './users.repository.ts';
export { assertOwnedUser, USER_NOT_FOUND } from './users.service.ts';
