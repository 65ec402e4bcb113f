// Which indexes a workload reads, and what its writes cost them (issue 26 §3): PostgreSQL's own counters
// (pg_stat_user_indexes, pg_stat_user_tables) read before and after, and the indexes a statement's plan names.
import type pg from 'pg';

/** The tables a payment writes to (issue 26 §3 names these three). */
const PAYMENT_TABLES = ['transactions', 'checkout_payments', 'email_outbox'];

interface IndexCounters {
  table: string;
  index: string;
  scans: number;
  /** A primary key or unique index: a constraint needs it whether or not a query reads it. */
  unique: boolean;
  bytes: number;
}

interface TableCounters {
  table: string;
  inserts: number;
  updates: number;
  hotUpdates: number;
}

export interface UsageSnapshot {
  indexes: IndexCounters[];
  tables: TableCounters[];
}

type Queryable = Pick<pg.Client, 'query'>;

/**
 * The counters now. A server process reports its counters when it goes idle (at most once a second) or ends: read
 * after the workload's connections have closed, or after waiting past that.
 */
export async function usageSnapshot(admin: Queryable, tables = PAYMENT_TABLES): Promise<UsageSnapshot> {
  await admin.query('select pg_stat_clear_snapshot()');
  const indexes = await admin.query<IndexCounters>(
    `select s.relname as "table", s.indexrelname as "index", s.idx_scan::float8 as scans,
            i.indisunique as "unique", pg_relation_size(s.indexrelid)::float8 as bytes
       from pg_stat_user_indexes s join pg_index i on i.indexrelid = s.indexrelid
      where s.relname = any($1) order by s.relname, s.indexrelname`,
    [tables],
  );
  const counted = await admin.query<TableCounters>(
    `select relname as "table", n_tup_ins::float8 as inserts, n_tup_upd::float8 as updates,
            n_tup_hot_upd::float8 as "hotUpdates"
       from pg_stat_user_tables where relname = any($1) order by relname`,
    [tables],
  );
  return { indexes: indexes.rows, tables: counted.rows };
}

/** What happened between two snapshots; sizes are the later ones. */
export function usageBetween(before: UsageSnapshot, after: UsageSnapshot): UsageSnapshot {
  const scansBefore = new Map(before.indexes.map((index) => [index.index, index.scans]));
  const tableBefore = new Map(before.tables.map((table) => [table.table, table]));
  return {
    indexes: after.indexes.map((index) => ({
      ...index,
      scans: index.scans - (scansBefore.get(index.index) ?? 0),
    })),
    tables: after.tables.map((table) => {
      const earlier = tableBefore.get(table.table);
      return {
        table: table.table,
        inserts: table.inserts - (earlier?.inserts ?? 0),
        updates: table.updates - (earlier?.updates ?? 0),
        hotUpdates: table.hotUpdates - (earlier?.hotUpdates ?? 0),
      };
    }),
  };
}

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The indexes a statement's plan reads, by EXPLAIN (no execution). */
export async function indexesInPlan(client: Queryable, text: string, params: unknown[]) {
  const result = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (format json) ${text}`,
    params,
  );
  const names = new Set<string>();
  const visit = (node: PlanNode) => {
    if (node['Index Name']) names.add(node['Index Name']);
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const plan of result.rows[0]?.['QUERY PLAN'] ?? []) visit(plan.Plan);
  return [...names];
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** The markdown tables: each index's scans with its size, and each table's writes with how many were HOT. */
export function usageTables(usage: UsageSnapshot): string[] {
  return [
    '| table | index | scans | unique (a constraint) | size MB |',
    '|---|---|---:|---|---:|',
    ...usage.indexes.map(
      (index) =>
        `| ${index.table} | ${index.index} | ${index.scans.toLocaleString('en')} | ${index.unique ? 'yes' : ''} | ${mb(index.bytes)} |`,
    ),
    '',
    '| table | rows inserted | rows updated | of which HOT (no index written) |',
    '|---|---:|---:|---:|',
    ...usage.tables.map(
      (table) =>
        `| ${table.table} | ${table.inserts.toLocaleString('en')} | ${table.updates.toLocaleString('en')} | ${table.hotUpdates.toLocaleString('en')} (${table.updates ? ((100 * table.hotUpdates) / table.updates).toFixed(0) : 0}%) |`,
    ),
  ];
}
