import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit.ts';
import { GENESIS_HASH } from './audit.hash.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * The chain's head, locked until the transaction ends (created at the genesis when the chain is new): one statement,
 * so two first appends of a chain also take turns rather than both starting it.
 */
export async function lockChainHead(tx: Tx, chain: string) {
  const [head] = await tx
    .insert(auditChainHeads)
    .values({ chain, sequence: 0, hash: GENESIS_HASH })
    .onConflictDoUpdate({ target: auditChainHeads.chain, set: { chain: sql`excluded.chain` } })
    .returning({ sequence: auditChainHeads.sequence, hash: auditChainHeads.hash });
  if (!head) throw new Error(`audit chain head ${chain} not returned`);
  return head;
}

export async function appendEntry(
  tx: Tx,
  row: typeof auditEvents.$inferInsert & { sequence: number; hash: string },
) {
  await tx.insert(auditEvents).values(row);
  await tx
    .update(auditChainHeads)
    .set({ sequence: row.sequence, hash: row.hash, updatedAt: new Date() })
    .where(eq(auditChainHeads.chain, row.chain));
}

/** Every chain named by a head or an entry (an entry without its head is caught by audit:verify). */
export async function listChains(db: DbOrTx) {
  const [heads, entries] = await Promise.all([
    db.select({ chain: auditChainHeads.chain }).from(auditChainHeads),
    db.selectDistinct({ chain: auditEvents.chain }).from(auditEvents),
  ]);
  return [...new Set([...heads, ...entries].map((row) => row.chain))].sort();
}

export async function findChainHead(db: DbOrTx, chain: string) {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  return head ?? null;
}

/** One page of a chain in sequence order, after `afterSequence`. */
export async function chainPage(db: DbOrTx, chain: string, afterSequence: number, limit: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.chain, chain), gt(auditEvents.sequence, afterSequence)))
    .orderBy(asc(auditEvents.sequence))
    .limit(limit);
}

export interface AuditEventFilter {
  person?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

const chainFilter = (chain: string, filter: AuditEventFilter) =>
  and(
    eq(auditEvents.chain, chain),
    filter.person ? eq(auditEvents.actorPersonId, filter.person) : undefined,
    filter.action ? eq(auditEvents.action, filter.action as AuditEventRow['action']) : undefined,
    filter.from ? gte(auditEvents.occurredAt, filter.from) : undefined,
    filter.to ? lt(auditEvents.occurredAt, filter.to) : undefined,
  );

/** A page of a business's chain, newest first, filtered. */
export async function listChainEvents(
  db: DbOrTx,
  chain: string,
  filter: AuditEventFilter,
  page: { offset: number; limit: number },
) {
  const where = chainFilter(chain, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.sequence))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The next batch of a business's chain, newest first, filtered, before `beforeSequence` (the export's pages). */
export function chainEventsBefore(
  db: DbOrTx,
  chain: string,
  filter: AuditEventFilter,
  beforeSequence: number,
  limit: number,
) {
  return db
    .select()
    .from(auditEvents)
    .where(and(chainFilter(chain, filter), lt(auditEvents.sequence, beforeSequence)))
    .orderBy(desc(auditEvents.sequence))
    .limit(limit);
}

const SIGN_IN_ACTIONS: AuditEventRow['action'][] = ['auth.sign_in', 'auth.sign_in_failed'];

/**
 * A person's sign-ins and failed sign-ins, in whichever chain holds them, newest first: a sign-in acts for the
 * person's own account, so the acting-user index finds them.
 */
export async function listSignIns(db: DbOrTx, personId: string, page: { offset: number; limit: number }) {
  const where = and(
    eq(auditEvents.actingUserId, personId),
    eq(auditEvents.actorPersonId, personId),
    inArray(auditEvents.action, SIGN_IN_ACTIONS),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.sequence))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
