import pg from 'pg';

/** One statement as the API sent it to PostgreSQL. */
export interface Statement {
  /** Statements of one transaction share a unit; an autocommitted statement is a unit of its own. */
  unit: number;
  text: string;
  values: unknown[];
  /** A named (prepared) statement keeps its name in the replay, so the floor prepares as the API does. */
  name?: string;
  rowMode?: string;
  /** Milliseconds since the capture started. */
  at: number;
  /** Sent after the HTTP response had arrived. */
  afterResponse: boolean;
  /** Sent on a connection opened with synchronous_commit off (its commits wait for no flush). */
  asyncConnection?: boolean;
  /** The rows it returned, flattened in column order (filled in when it completes). */
  result: unknown[];
}

export interface Capture {
  statements: Statement[];
  /** Date.now() when the capture started: timestamps in the parameters are replayed relative to it. */
  startedAt: number;
}

/** Every value of every row, in order; rows as arrays (rowMode 'array') or objects. */
export function flattenRows(result: unknown): unknown[] {
  const rows = (result as { rows?: unknown[] } | undefined)?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => (Array.isArray(row) ? row : Object.values(row as object)));
}

interface ClientState {
  unit: number;
  inTransaction: boolean;
}

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b(?!\s+to\b)/i;
const WRITE =
  /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;
export const SANDBOX_TABLE = /\bsandbox_card_authorizations\b/i;

export const isTransactionControl = (text: string) =>
  TRANSACTION_START.test(text) || TRANSACTION_END.test(text) || /^\s*(savepoint|release)\b/i.test(text);
const isWrite = (text: string) => WRITE.test(text) || /\bpg_notify\s*\(/i.test(text);
const isCommit = (text: string) => /^\s*(commit|end)\b/i.test(text);

/**
 * Records every statement any pg client in this process sends while `during` runs, by wrapping
 * pg.Client.prototype.query (pool.query and Drizzle both end there). Run it with nothing else in flight.
 */
export async function captureStatements(during: () => Promise<void>): Promise<Capture> {
  const statements: Statement[] = [];
  const clients = new WeakMap<object, ClientState>();
  let nextUnit = 0;
  let responded = false;
  const started = performance.now();
  const startedAt = Date.now();
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only looks at its arguments.
  pg.Client.prototype.query = function (this: object, config: any, values?: any, callback?: any) {
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const text: string = typeof config === 'string' ? config : (config?.text ?? '');
    const params: unknown[] = (Array.isArray(values) ? values : config?.values) ?? [];
    let state = clients.get(this);
    if (!state) {
      state = { unit: -1, inTransaction: false };
      clients.set(this, state);
    }
    if (TRANSACTION_START.test(text)) {
      state.unit = nextUnit++;
      state.inTransaction = true;
    } else if (!state.inTransaction) {
      state.unit = nextUnit++;
    }
    const statement: Statement = {
      unit: state.unit,
      text,
      values: [...params],
      name: typeof config === 'object' ? config?.name : undefined,
      rowMode: typeof config === 'object' ? config?.rowMode : undefined,
      at: performance.now() - started,
      afterResponse: responded,
      asyncConnection: /synchronous_commit=off/.test(
        (this as { connectionParameters?: { options?: string } }).connectionParameters?.options ?? '',
      ),
      result: [],
    };
    statements.push(statement);
    if (TRANSACTION_END.test(text)) state.inTransaction = false;
    if (typeof callback === 'function') {
      const done = callback;
      // biome-ignore lint/suspicious/noExplicitAny: forwarded unchanged.
      return (original as any).call(this, config, values, (error: unknown, result: unknown) => {
        if (!error) statement.result = flattenRows(result);
        done(error, result);
      });
    }
    // biome-ignore lint/suspicious/noExplicitAny: forwarded unchanged.
    const pending = (original as any).call(this, config, values);
    pending?.then?.(
      (result: unknown) => {
        statement.result = flattenRows(result);
      },
      () => undefined,
    );
    return pending;
  } as typeof original;
  try {
    await during();
    responded = true;
    // Anything the request leaves running after its response (a receipt, a notice) still belongs to it.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    pg.Client.prototype.query = original;
  }
  return { statements, startedAt };
}

/** Statements, transactions and commits of one payment, ours and the sandbox acquirer's apart. */
export interface StatementCounts {
  statements: number;
  /** Without BEGIN/COMMIT/ROLLBACK/SAVEPOINT/RELEASE. */
  dataStatements: number;
  transactions: number;
  autocommittedWrites: number;
  autocommittedReads: number;
  savepoints: number;
  /** COMMITs of transactions that wrote, plus autocommitted writes: each waits for a flush of the write-ahead log... */
  commits: number;
  /** ...unless it runs with synchronous_commit off (set_config in the statement or transaction): these do not wait. */
  asyncCommits: number;
}

export interface PaymentProfile {
  ours: StatementCounts;
  sandbox: StatementCounts;
  /** Statements sent after the HTTP response had arrived (work the request leaves running). */
  afterResponse: number;
}

function emptyCounts(): StatementCounts {
  return {
    statements: 0,
    dataStatements: 0,
    transactions: 0,
    autocommittedWrites: 0,
    autocommittedReads: 0,
    savepoints: 0,
    commits: 0,
    asyncCommits: 0,
  };
}

/** A unit belongs to the sandbox acquirer when every data statement in it touches only its table. */
export function profile(statements: Statement[]): PaymentProfile {
  const ours = emptyCounts();
  const sandbox = emptyCounts();
  const units = new Map<number, Statement[]>();
  for (const statement of statements) {
    const list = units.get(statement.unit) ?? [];
    list.push(statement);
    units.set(statement.unit, list);
  }
  const asynchronous = (list: Statement[]) =>
    list[0]?.asyncConnection === true ||
    list.some((statement) => /synchronous_commit['"]?\s*(,\s*'off'|=\s*'?off)/i.test(statement.text));
  for (const list of units.values()) {
    const data = list.filter((statement) => !isTransactionControl(statement.text));
    const counts =
      data.length > 0 && data.every((statement) => SANDBOX_TABLE.test(statement.text)) ? sandbox : ours;
    counts.statements += list.length;
    counts.dataStatements += data.length;
    counts.savepoints += list.filter((statement) => /^\s*savepoint\b/i.test(statement.text)).length;
    const first = list[0];
    if (first && TRANSACTION_START.test(first.text)) {
      counts.transactions += 1;
      const committed = list.some((statement) => isCommit(statement.text));
      if (committed && data.some((statement) => isWrite(statement.text))) {
        counts.commits += 1;
        if (asynchronous(list)) counts.asyncCommits += 1;
      }
    } else if (first) {
      if (isWrite(first.text)) {
        counts.autocommittedWrites += 1;
        counts.commits += 1;
        if (asynchronous(list)) counts.asyncCommits += 1;
      } else {
        counts.autocommittedReads += 1;
      }
    }
  }
  return {
    ours,
    sandbox,
    afterResponse: statements.filter((statement) => statement.afterResponse).length,
  };
}
