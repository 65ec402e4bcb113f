import { type PageQuery, pageOf, type SignInHistoryEntry, type SignInHistoryPage } from '@bizdash/shared';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type AuditEventRow, listSignIns } from './audit.repository.ts';

const entryOf = (row: AuditEventRow): SignInHistoryEntry => {
  const step = row.details.step;
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    outcome: row.outcome,
    ip: row.ip,
    device: describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    failedStep: row.outcome === 'failure' && typeof step === 'string' ? step : null,
  };
};

/**
 * GET /api/users/{userId}/sign-ins: the signed-in person's own sign-ins and failed sign-ins (the audit trail's
 * auth.sign_in and auth.sign_in_failed entries about them), newest first. The route is the person's own (`self`).
 */
export async function signInHistory(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  query: PageQuery,
): Promise<SignInHistoryPage> {
  const personId = actor.personId ?? actor.ownerId;
  const { rows, total } = await listSignIns(deps.database.db, personId, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return pageOf(rows.map(entryOf), query, total);
}
