/** Team members, their roles and invitations (issue 23 §1, §2): the membership the signed-in scope checks. */
export { createLastActive } from './last-active.ts';
export { insertOwner } from './membership.repository.ts';
export { createMemberships } from './memberships.ts';
