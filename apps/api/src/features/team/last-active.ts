import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { touchLastActive } from './membership.repository.ts';

const EVERY_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Notes that a person acted for a business, writing it at most once a minute per pair and never on the request's
 * path (a failed write is logged, the request goes on).
 */
export function createLastActive(database: Database) {
  const written = new Map<string, number>();
  return (businessId: string, personId: string, log: FastifyBaseLogger) => {
    const key = `${businessId}:${personId}`;
    const now = clockNow().getTime();
    if ((written.get(key) ?? 0) > now - EVERY_MS) return;
    if (written.size >= MAX_ENTRIES) written.delete(written.keys().next().value as string);
    written.set(key, now);
    touchLastActive(database.db, businessId, personId, new Date(now)).catch((error: unknown) =>
      log.warn({ err: error }, 'team: last active not written'),
    );
  };
}
