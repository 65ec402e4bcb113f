import { type AuditEvent, type AuditEventListQuery, type AuditEventPage, pageOf } from '@bizdash/shared';
import type { Actor, AppDeps } from '../../types.ts';
import { type AuditEventRow, listChainEvents } from './audit.repository.ts';

const view = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  sequence: row.sequence,
  occurredAt: row.occurredAt.toISOString(),
  actorPersonId: row.actorPersonId,
  apiKeyPrefix: row.apiKeyPrefix,
  actingUserId: row.actingUserId,
  action: row.action,
  target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
  ip: row.ip,
  userAgent: row.userAgent,
  outcome: row.outcome,
  details: row.details,
  hash: row.hash,
});

/**
 * GET /api/audit-events: the trail of the caller's business (its owner's chain, whichever of its apps the request
 * names), newest first. `to` is exclusive.
 */
export async function listAuditEvents(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  query: AuditEventListQuery,
): Promise<AuditEventPage> {
  const { rows, total } = await listChainEvents(
    deps.database.db,
    actor.ownerId,
    {
      person: query.person,
      action: query.action,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    { offset: (query.page - 1) * query.size, limit: query.size },
  );
  return pageOf(rows.map(view), query, total);
}
