/** What other features may use of users: owner-scoped lookups and the ownership check of the request context. */
export { findOwnedUser, ownedUserIds, prepareTokenVersionLookup } from './users.repository.ts';
export { assertOwnedUser, USER_NOT_FOUND } from './users.service.ts';
