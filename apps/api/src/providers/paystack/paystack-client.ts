import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { constantTimeEqual } from '../../lib/constant-time.ts';

export interface PaystackSettings {
  /** sk_test_… or sk_live_…: every call is authorized with it, and every webhook signed with it. */
  secretKey: string;
  /** https://api.paystack.co, or a stand-in in tests. */
  baseUrl: string;
}

/** A call Paystack has not answered within this is given up; what it did is learned by asking again (verify). */
const CALL_TIMEOUT_MS = 15_000;

/** Every Paystack answer: `{ status, message, data }`, `status: false` with a message when refused. */
const EnvelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().default(''),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
});

/**
 * A list's `meta`: page numbers (`page`, `pageCount`) on most lists, a cursor (`next`) on the bank list; whichever
 * the list uses, `nextPage`/`nextCursor` say how to ask for the rest (null: this was the last, or `meta` did not
 * say: `numbered` tells whether it had page numbers).
 */
const ListMetaSchema = z
  .object({
    page: z.coerce.number().int().optional(),
    pageCount: z.coerce.number().int().optional(),
    next: z.string().nullish(),
  })
  .partial()
  .catch({});

export interface PaystackPage<T> {
  items: T[];
  nextPage: number | null;
  numbered: boolean;
  nextCursor: string | null;
}

/**
 * A Paystack call that did not succeed. `refused`: Paystack answered and said no (4xx, or `status: false`): the
 * request was not carried out. Otherwise (no answer, a timeout, a 5xx, an answer we cannot read) the outcome is
 * unknown: it may have been carried out, and only a later lookup can tell.
 */
export class PaystackCallFailed extends Error {
  constructor(
    readonly endpoint: string,
    readonly httpStatus: number | null,
    readonly paystackMessage: string | null,
  ) {
    super(
      `Paystack ${endpoint} failed: ${httpStatus ?? 'no answer'}${paystackMessage ? ` (${paystackMessage})` : ''}`,
    );
    this.name = 'PaystackCallFailed';
  }

  get refused(): boolean {
    return this.httpStatus !== null && this.httpStatus >= 400 && this.httpStatus < 500;
  }
}

type Query = Record<string, string | number | undefined>;

export interface PaystackClient {
  get<T>(path: string, query: Query, schema: z.ZodType<T>): Promise<T>;
  post<T>(path: string, body: Record<string, unknown>, schema: z.ZodType<T>): Promise<T>;
  put<T>(path: string, body: Record<string, unknown>, schema: z.ZodType<T>): Promise<T>;
  /** One page of a list (`GET`), each item parsed by `itemSchema`, with how to ask for the next page. */
  list<T>(path: string, query: Query, itemSchema: z.ZodType<T>): Promise<PaystackPage<T>>;
}

/**
 * A small typed client on fetch (ADR 057): Paystack's official SDK has a fixed host (no stand-in in tests), no
 * timeouts and no status handling. Each answer's `data` is parsed by the caller's schema; the secret key never
 * appears in an error.
 */
export function createPaystackClient(settings: PaystackSettings): PaystackClient {
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodType<T>,
    query?: Query,
    body?: unknown,
  ): Promise<{ data: T; meta: unknown }> {
    const url = new URL(`${settings.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const endpoint = `${method} ${path.replace(/\/[^/]*\d[^/]*$/, '/{id}')}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${settings.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw new PaystackCallFailed(endpoint, null, null);
    }
    const envelope = EnvelopeSchema.safeParse(await response.json().catch(() => null));
    const message = envelope.success ? envelope.data.message : null;
    if (!response.ok || !envelope.success || !envelope.data.status) {
      // A 2xx whose body says no is a refusal too; a 2xx we cannot read is not (the call may have worked).
      const status = response.ok && envelope.success ? 400 : response.status;
      throw new PaystackCallFailed(endpoint, status, message);
    }
    const data = schema.safeParse(envelope.data.data);
    if (!data.success)
      throw new PaystackCallFailed(endpoint, null, `unexpected answer: ${data.error.message}`);
    return { data: data.data, meta: envelope.data.meta };
  }
  return {
    get: async (path, query, schema) => (await call('GET', path, schema, query)).data,
    post: async (path, body, schema) => (await call('POST', path, schema, undefined, body)).data,
    put: async (path, body, schema) => (await call('PUT', path, schema, undefined, body)).data,
    list: async (path, query, itemSchema) => {
      const { data, meta } = await call('GET', path, z.array(itemSchema), query);
      const { page, pageCount, next } = ListMetaSchema.parse(meta ?? {});
      return {
        items: data,
        nextPage: page !== undefined && pageCount !== undefined && page < pageCount ? page + 1 : null,
        numbered: page !== undefined && pageCount !== undefined,
        nextCursor: next || null,
      };
    },
  };
}

/** Paystack signs each webhook with `x-paystack-signature`: the HMAC-SHA512 (hex) of the raw body, keyed by the secret key. */
export function paystackSignatureValid(
  secretKey: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  const expected = createHmac('sha512', secretKey).update(rawBody, 'utf8').digest('hex');
  return constantTimeEqual(signature, expected);
}
