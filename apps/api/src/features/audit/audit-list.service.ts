import {
  AUDIT_ACTION_LABELS,
  type AuditActor,
  type AuditEvent,
  type AuditEventExportQuery,
  type AuditEventListQuery,
  type AuditEventPage,
  pageOf,
} from '@bizdash/shared';
import type { DbOrTx } from '../../db/client.ts';
import { csvCell, csvLines } from '../../lib/csv.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { findUserById } from '../users/index.ts';
import {
  type AuditEventFilter,
  type AuditEventRow,
  chainEventsBefore,
  listChainEvents,
} from './audit.repository.ts';

/** The people an entry names, by id, as they are today (a person since deleted: null). */
type People = Map<string, AuditActor | null>;

async function readPeople(db: DbOrTx, rows: AuditEventRow[], known: People = new Map()) {
  const missing = [...new Set(rows.map((row) => row.actorPersonId))].filter(
    (id): id is string => id !== null && !known.has(id),
  );
  const found = await Promise.all(missing.map((id) => findUserById(db, id)));
  missing.forEach((id, index) => {
    const user = found[index];
    known.set(id, user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null);
  });
  return known;
}

const view = (row: AuditEventRow, people: People): AuditEvent => ({
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
  actor: row.actorPersonId ? (people.get(row.actorPersonId) ?? null) : null,
  device: describeUserAgent(row.userAgent),
});

const filterOf = (query: AuditEventExportQuery): AuditEventFilter => ({
  person: query.person,
  action: query.action,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
});

/**
 * GET /api/audit-events: the trail of the caller's business (its owner's chain, whichever of its apps the request
 * names), newest first, each entry with its person's name and email. `to` is exclusive.
 */
export async function listAuditEvents(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  query: AuditEventListQuery,
): Promise<AuditEventPage> {
  const db = deps.database.db;
  const { rows, total } = await listChainEvents(db, actor.ownerId, filterOf(query), {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const people = await readPeople(db, rows);
  return pageOf(
    rows.map((row) => view(row, people)),
    query,
    total,
  );
}

const EXPORT_BATCH = 500;

const CSV_COLUMNS = [
  'occurredAt',
  'action',
  'actionLabel',
  'outcome',
  'personName',
  'personEmail',
  'personId',
  'apiKeyPrefix',
  'actingUserId',
  'targetType',
  'targetId',
  'ip',
  'device',
  'userAgent',
  'details',
  'sequence',
  'hash',
] as const;

const csvLine = (event: AuditEvent) =>
  [
    event.occurredAt,
    event.action,
    csvCell(AUDIT_ACTION_LABELS[event.action]),
    event.outcome,
    csvCell(event.actor?.name ?? null),
    csvCell(event.actor?.email ?? null),
    event.actorPersonId ?? '',
    csvCell(event.apiKeyPrefix),
    event.actingUserId ?? '',
    csvCell(event.target?.type ?? null),
    csvCell(event.target?.id ?? null),
    csvCell(event.ip),
    csvCell(event.device),
    csvCell(event.userAgent),
    csvCell(JSON.stringify(event.details)),
    String(event.sequence),
    event.hash,
  ].join(',');

/**
 * GET /api/audit-events/export: every entry the filters match, newest first, as CSV (a header, then one line each),
 * read in batches by sequence so a long trail streams without being held in memory. The first batch is read before
 * the answer starts, so a failing query is an error answer rather than a 200 cut short.
 */
export async function exportAuditEvents(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  query: AuditEventExportQuery,
): Promise<AsyncGenerator<string>> {
  const db = deps.database.db;
  const filter = filterOf(query);
  const people: People = new Map();
  const batch = async (before: number) => {
    const rows = await chainEventsBefore(db, actor.ownerId, filter, before, EXPORT_BATCH);
    await readPeople(db, rows, people);
    return rows;
  };
  const first = await batch(Number.MAX_SAFE_INTEGER);
  async function* events(): AsyncGenerator<AuditEvent> {
    let rows = first;
    while (rows.length > 0) {
      for (const row of rows) yield view(row, people);
      const last = rows.at(-1);
      if (rows.length < EXPORT_BATCH || !last) return;
      rows = await batch(last.sequence);
    }
  }
  return csvLines(CSV_COLUMNS, events(), csvLine);
}
