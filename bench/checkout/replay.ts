import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { type Capture, flattenRows, isTransactionControl, type Statement } from './capture.ts';

/*
 * The floor: one captured payment's statements replayed through bare pg, with what was new in that payment
 * (ids, idempotency keys, references, hashes, timestamps) made new again on every iteration, so unique keys
 * never collide and each iteration does the same work the payment did. Nothing here knows the statements: what
 * is "new per payment" is learnt by comparing two captured payments of the same product.
 */

const TIMESTAMP = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:Z|[+-]\\d\\d:?\\d\\d)';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Timestamps first, then uuids, then runs of letters, digits and underscores: the pieces a parameter is made of. */
const PIECES = new RegExp(`(${TIMESTAMP})|(${UUID})|([A-Za-z0-9_]+)`, 'gi');
const WHOLE_UUID = new RegExp(`^${UUID}$`, 'i');

interface Step {
  unit: number;
  text: string;
  name?: string;
  rowMode?: string;
  /** Parameters, with those that change per payment marked for substitution. */
  values: unknown[];
  varies: boolean[];
  /** The first statement of a transaction, and its COMMIT or ROLLBACK. */
  opens: boolean;
  closes: boolean;
  inTransaction: boolean;
  /** What it returned in the captured payment: a generated id there is mapped to the one it returns here. */
  result: unknown[];
}

export interface ReplayTemplate {
  steps: Step[];
  startedAt: number;
  perPayment: Set<string>;
}

/** Every uuid and token in a value (strings, arrays of them, JSON text), timestamps left out. */
function piecesOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') {
    for (const match of value.matchAll(PIECES)) {
      const piece = match[2] ?? match[3];
      if (piece) into.add(piece);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) piecesOf(item, into);
  }
}

function allPieces(statements: Statement[]) {
  const pieces = new Set<string>();
  for (const statement of statements) {
    for (const value of statement.values) piecesOf(value, pieces);
    for (const value of statement.result) piecesOf(value, pieces);
  }
  return pieces;
}

/**
 * Builds the replay from `template` (a payment) and `other` (another payment of the same product): a uuid or
 * token that appears in the template but nowhere in the other payment was made for this payment.
 */
export function buildTemplate(template: Capture, other: Capture): ReplayTemplate {
  const texts = (capture: Capture) => capture.statements.map((statement) => statement.text).join('\n');
  if (texts(template) !== texts(other)) {
    throw new Error(
      'two payments of the same product issued different statements; the replay needs them equal',
    );
  }
  const theirs = allPieces(other.statements);
  const perPayment = new Set([...allPieces(template.statements)].filter((piece) => !theirs.has(piece)));
  const hasTimestamp = new RegExp(TIMESTAMP, 'i');
  const varies = (value: unknown): boolean =>
    typeof value === 'string'
      ? hasTimestamp.test(value) ||
        [...value.matchAll(PIECES)].some((m) => perPayment.has(m[2] ?? m[3] ?? ''))
      : Array.isArray(value)
        ? value.some(varies)
        : value instanceof Date;
  const open = new Set<number>();
  const steps = template.statements.map((statement): Step => {
    const opens = /^\s*(begin|start\s+transaction)\b/i.test(statement.text);
    if (opens) open.add(statement.unit);
    const inTransaction = open.has(statement.unit);
    const closes = inTransaction && /^\s*(commit|rollback|end)\b(?!\s+to\b)/i.test(statement.text);
    if (closes) open.delete(statement.unit);
    return {
      unit: statement.unit,
      text: statement.text,
      name: statement.name,
      rowMode: statement.rowMode,
      values: statement.values,
      varies: statement.values.map(varies),
      opens,
      closes,
      inTransaction,
      result: statement.result,
    };
  });
  return { steps, startedAt: template.startedAt, perPayment };
}

/** A token of the same shape: each digit a random digit, each letter a random letter of the same case. */
function sameShape(token: string): string {
  const bytes = randomBytes(token.length);
  const hex = /^[0-9a-f]+$/.test(token) && token.length >= 16;
  let out = '';
  for (let index = 0; index < token.length; index += 1) {
    const char = token[index] as string;
    const byte = bytes[index] as number;
    if (hex) out += (byte % 16).toString(16);
    else if (char >= '0' && char <= '9') out += String(byte % 10);
    else if (char >= 'a' && char <= 'z') out += String.fromCharCode(97 + (byte % 26));
    else if (char >= 'A' && char <= 'Z') out += String.fromCharCode(65 + (byte % 26));
    else out += char;
  }
  return out;
}

/** One iteration's fresh values: the same captured value always becomes the same new one within it. */
class Fresh {
  private readonly map = new Map<string, string>();
  constructor(
    private readonly template: ReplayTemplate,
    private readonly shift: number,
  ) {}

  piece(original: string): string {
    let fresh = this.map.get(original);
    if (fresh === undefined) {
      fresh = WHOLE_UUID.test(original) ? randomUUID() : sameShape(original);
      this.map.set(original, fresh);
    }
    return fresh;
  }

  /** A value the database generated in the captured payment (an id it returned) is what it returned now. */
  learn(original: unknown, now: unknown) {
    if (typeof original === 'string' && typeof now === 'string' && this.template.perPayment.has(original)) {
      if (!this.map.has(original)) this.map.set(original, now);
    }
  }

  value(value: unknown): unknown {
    if (typeof value === 'string') {
      return value.replace(PIECES, (match, timestamp?: string, uuid?: string, token?: string) => {
        if (timestamp) return new Date(Date.parse(timestamp) + this.shift).toISOString();
        const piece = uuid ?? token ?? match;
        return this.template.perPayment.has(piece) ? this.piece(piece) : match;
      });
    }
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (value instanceof Date) return new Date(value.getTime() + this.shift);
    return value;
  }
}

/** One payment's statements, in order, each on the connection of its transaction, with fresh values. */
export async function replayOnce(pool: pg.Pool, template: ReplayTemplate) {
  const fresh = new Fresh(template, Date.now() - template.startedAt);
  const clients = new Map<number, pg.PoolClient>();
  try {
    for (const step of template.steps) {
      const values = step.values.map((value, index) => (step.varies[index] ? fresh.value(value) : value));
      const query = { text: step.text, values, name: step.name, rowMode: step.rowMode } as pg.QueryConfig;
      let result: pg.QueryResult;
      if (step.inTransaction) {
        let client = clients.get(step.unit);
        if (!client) {
          client = await pool.connect();
          clients.set(step.unit, client);
        }
        result = await client.query(query);
        if (step.closes) {
          clients.delete(step.unit);
          client.release();
        }
      } else {
        result = await pool.query(query);
      }
      if (step.result.length > 0 && !isTransactionControl(step.text)) {
        const now = flattenRows(result);
        step.result.forEach((original, index) => {
          fresh.learn(original, now[index]);
        });
      }
    }
  } catch (error) {
    for (const client of clients.values()) {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
    throw error;
  }
}
