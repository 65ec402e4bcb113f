import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import type { Membership, Memberships } from '../../types.ts';
import { findMembership } from './membership.repository.ts';

/**
 * Every change of who may act for a business, or as what, is announced here with the business's id when it commits:
 * migration 0042's triggers on team_members and users (a member added, removed or given another role, the owner
 * changed, an app deleted, the two-factor rule changed), so no writer can forget to.
 */
const MEMBERSHIPS_CHANNEL = 'memberships';

/**
 * Memberships as this process last read them, so a signed-in request does not read the team on every call (ADR 070,
 * as token versions are kept: ADR 018). Only a membership is kept, never its absence.
 */
export async function createMemberships(database: Database, log: FastifyBaseLogger): Promise<Memberships> {
  const kept = await createNotifiedCache<Membership>(database, log, {
    channel: MEMBERSHIPS_CHANNEL,
    isAbout: (businessId, membership) => membership.businessId === businessId,
  });
  return {
    find: (personId, userId) =>
      kept.get(`${personId} ${userId}`, () => findMembership(database.db, personId, userId)),
    forget: kept.forget,
    close: kept.close,
  };
}
