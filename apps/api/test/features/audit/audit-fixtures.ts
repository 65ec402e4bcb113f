import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { verifyAuditTrail } from '../../../src/features/audit/index.ts';
import { dbOf, inTx, sqlRows } from '../../helper.ts';

export interface AuditRow {
  id: string;
  chain: string;
  sequence: string | number;
  actor_person_id: string | null;
  api_key_prefix: string | null;
  acting_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  outcome: string;
  details: Record<string, unknown>;
  previous_hash: string;
  hash: string;
}

/** The entries of a chain, oldest first. */
export const chainOf = (app: FastifyInstance, chain: string) =>
  sqlRows<AuditRow>(app, sql`select * from audit_events where chain = ${chain} order by sequence`);

export const verify = (app: FastifyInstance) => verifyAuditTrail(dbOf(app));

class Rollback extends Error {}

/** Tampers with the trail by SQL in a transaction, verifies inside it, then rolls the tampering back. */
export async function verifyAfterTampering(app: FastifyInstance, ...statements: string[]) {
  let report: Awaited<ReturnType<typeof verifyAuditTrail>> | undefined;
  try {
    await inTx(app, async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
      report = await verifyAuditTrail(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!report) throw new Error('no report');
  return report;
}

export const USER_AGENT = 'Mozilla/5.0 (audit test)';

/** What a route hands a service that records an action, for tests that call the service directly. */
export const testAuditOf = (businessId: string) => ({
  actorPersonId: businessId,
  apiKeyPrefix: null,
  actingUserId: businessId,
  ip: null,
  userAgent: USER_AGENT,
  businessId,
});
