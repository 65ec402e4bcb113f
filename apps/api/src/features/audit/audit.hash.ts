import { createHash } from 'node:crypto';

/** The previous hash of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but its id, previous hash and hash. */
export interface HashedEntry {
  chain: string;
  sequence: number;
  occurredAt: Date;
  actorPersonId: string | null;
  apiKeyPrefix: string | null;
  actingUserId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  outcome: string;
  details: Record<string, unknown>;
}

/** JSON with every object's keys sorted (by code unit), no spaces; arrays keep their order. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * The canonical form of an entry (ADR 054): canonicalJson of its hashed fields, `occurredAt` as an ISO 8601 UTC
 * string with milliseconds, `sequence` a number, absent values null.
 */
const canonicalEntry = (entry: HashedEntry) =>
  canonicalJson({
    chain: entry.chain,
    sequence: entry.sequence,
    occurredAt: entry.occurredAt.toISOString(),
    actorPersonId: entry.actorPersonId,
    apiKeyPrefix: entry.apiKeyPrefix,
    actingUserId: entry.actingUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ip: entry.ip,
    userAgent: entry.userAgent,
    outcome: entry.outcome,
    details: entry.details,
  });

/** SHA-256 (hex) of the previous entry's hash followed by this entry's canonical form. */
export const entryHash = (previousHash: string, entry: HashedEntry) =>
  createHash('sha256').update(previousHash).update(canonicalEntry(entry)).digest('hex');
