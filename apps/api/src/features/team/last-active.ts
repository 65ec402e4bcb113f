import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { atMostEvery } from '../../lib/at-most-every.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { touchLastActive } from './membership.repository.ts';

const EVERY_MS = 60_000;

/**
 * Notes that a person acted for a business, writing it at most once a minute per pair and never on the request's
 * path (a failed write is logged, the request goes on).
 */
export function createLastActive(database: Database) {
  const due = atMostEvery(EVERY_MS);
  return (businessId: string, personId: string, log: FastifyBaseLogger) => {
    const now = clockNow().getTime();
    if (!due(`${businessId}:${personId}`, now)) return;
    touchLastActive(database.db, businessId, personId, new Date(now)).catch((error: unknown) =>
      log.warn({ err: error }, 'team: last active not written'),
    );
  };
}
