import type { IncomingMessage } from 'node:http';

/** A request as a route sees it: the path without its query, the query, and the parsed body (JSON or a form). */
export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The body's bytes as sent (a file PUT to an upload address is bytes, not JSON). */
  bytes: Buffer;
  /** The route pattern's captures, decoded. */
  params: string[];
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string };

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  pattern: RegExp;
  /** The hosted checkout page is for a browser: no secret key. Every other route needs it. */
  public?: boolean;
  handle(request: StandInRequest): Reply | Promise<Reply>;
}

/** Paystack's envelope for an answer: `{ status: true, message, data, meta? }`. */
export function ok(message: string, data: unknown, meta?: unknown, status = 200): Reply {
  return {
    kind: 'json',
    status,
    body: meta === undefined ? { status: true, message, data } : { status: true, message, data, meta },
  };
}

/** Paystack's envelope for a refusal: `{ status: false, message }`. */
export function refuse(status: number, message: string): Reply {
  return { kind: 'json', status, body: { status: false, message } };
}

/** A required field missing or empty: Paystack names it in a 400. */
export function missing(body: Record<string, unknown>, fields: readonly string[]): Reply | null {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') return refuse(400, `${field} is required`);
  }
  return null;
}

/** A body field as a string, or '' when absent or not a string/number. */
export function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** An amount in the currency's subunit (kobo): a positive integer, or an integer written as a string. */
export function amountOf(value: unknown): number | null {
  const amount = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

export class BadBody extends Error {}

/** The body as a route reads it: JSON, or a form (the checkout page's buttons); `{}` when empty. */
function parseBody(bytes: Buffer, type: string): Record<string, unknown> {
  const raw = bytes.toString('utf8');
  if (raw.trim() === '') return {};
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  // A file's bytes (an upload): the route reads `bytes`.
  if (type !== '' && !type.includes('json')) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new BadBody();
}

/** The request's bytes, and its body parsed (throws BadBody when JSON was expected and is not there). */
export async function readBody(
  request: IncomingMessage,
): Promise<{ body: Record<string, unknown>; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return { body: parseBody(bytes, request.headers['content-type'] ?? ''), bytes };
}
