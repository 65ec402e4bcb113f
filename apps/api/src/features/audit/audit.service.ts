import type { AuditAction, AuditOutcome } from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { Actor } from '../../types.ts';
import { entryHash, type HashedEntry } from './audit.hash.ts';
import { appendEntry, lockChainHead } from './audit.repository.ts';

/** The chain of events that belong to no business (a failed sign-in of an unknown email). */
const PLATFORM_CHAIN = 'platform';

/** Who did it and from where: the same for every entry one request writes. */
export interface AuditContext {
  /** The person signed in (their own account's id); null for an API key or nobody known. */
  actorPersonId: string | null;
  /** The API key the request was made with, by its prefix only; null for a signed-in session. */
  apiKeyPrefix: string | null;
  /** The business (or app of it) the request acted for; null when none is known. */
  actingUserId: string | null;
  ip: string | null;
  userAgent: string | null;
}

interface AuditEntry extends AuditContext {
  /** The business whose chain the entry joins (its owner's user id); null for the platform chain. */
  businessId: string | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  outcome?: AuditOutcome;
  /** Before and after, or what else tells the story; never a secret (password, key, code, token). */
  details?: Record<string, unknown>;
}

/**
 * The context of a signed-in request: the person signed in (a member acting for a business names themselves, not
 * the business), or for an API key its prefix; and the business or app the request acts for.
 */
export const auditContextOf = (request: FastifyRequest, actor: Actor): AuditContext => ({
  actorPersonId: actor.personId,
  apiKeyPrefix: actor.apiKeyPrefix,
  actingUserId: actor.actingUserId,
  ...requestOrigin(request),
});

/** Who did it, from where, and for which business: what a service that records an action is handed by its route. */
export type BusinessAuditContext = AuditContext & { businessId: string };

/** The context of a signed-in request and the business it acts for (`actor.ownerId`), whose chain it joins. */
export const businessAuditOf = (request: FastifyRequest, actor: Actor): BusinessAuditContext => ({
  ...auditContextOf(request, actor),
  businessId: actor.ownerId,
});

/** The same for work done outside a request (the demo seed): the actor, no address or browser. */
export const actorAuditOf = (actor: Actor): BusinessAuditContext => ({
  actorPersonId: actor.personId,
  apiKeyPrefix: actor.apiKeyPrefix,
  actingUserId: actor.actingUserId,
  ip: null,
  userAgent: null,
  businessId: actor.ownerId,
});

/** The context of a request by a person who is not signed in yet (sign-in): who they are, if known. */
export const signInContextOf = (request: FastifyRequest, userId: string | null): AuditContext => ({
  actorPersonId: userId,
  apiKeyPrefix: null,
  actingUserId: userId,
  ...requestOrigin(request),
});

/**
 * Appends an entry to its business's chain, in `tx`: the entry commits or rolls back with the change it records.
 * The chain's head stays locked until `tx` ends, so call this last in the transaction (ADR 054).
 */
export async function recordAuditEvent(tx: Tx, entry: AuditEntry): Promise<void> {
  const chain = entry.businessId ?? PLATFORM_CHAIN;
  const head = await lockChainHead(tx, chain);
  // Milliseconds only: the canonical form's timestamp must read back exactly as it was hashed.
  const occurredAt = now();
  const hashed = {
    chain,
    sequence: Number(head.sequence) + 1,
    occurredAt,
    actorPersonId: entry.actorPersonId,
    apiKeyPrefix: entry.apiKeyPrefix,
    actingUserId: entry.actingUserId,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    ip: entry.ip,
    userAgent: entry.userAgent,
    outcome: entry.outcome ?? ('success' as const),
    details: JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>,
  } satisfies HashedEntry;
  await appendEntry(tx, { ...hashed, previousHash: head.hash, hash: entryHash(head.hash, hashed) });
}
