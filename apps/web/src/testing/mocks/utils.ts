import { type ApiError, ApiErrorSchema } from '@bizdash/shared';
import { HttpResponse } from 'msw';
import type { z } from 'zod';

/** A failure in the API's error shape `{ error, code, details? }`, with its status. */
export function apiError(status: number, error: string, code: string, details?: ApiError['details']) {
  return HttpResponse.json(ApiErrorSchema.parse({ error, code, details }), { status });
}

export const notFound = (error = 'Not found') => apiError(404, error, 'NOT_FOUND');

/** The body goes through the shared schema first: a mock that breaks the contract fails the test here. */
export function contractJson<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200) {
  return HttpResponse.json(schema.parse(body) as never, { status });
}

/**
 * Parses a request part as the API does; on failure throws (MSW answers a thrown Response) the API's 400:
 * the first issue as the error, every issue in details under its dotted path.
 */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw apiError(400, details[0]?.message ?? 'Invalid request', 'VALIDATION_ERROR', details);
}

/** The request's JSON body; a missing or broken body reads as undefined, which the schema then refuses. */
export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** One page of everything a handler found, with the meta the page factories take (as the API pages its lists). */
export function pageWindow<T>(all: T[], { page, size }: { page: number; size: number }) {
  return [all.slice((page - 1) * size, page * size), { page, size, totalElements: all.length }] as const;
}

export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** Signed-in routes answer 401 without a bearer token, as the API's auth scope does. */
export function requireSession(request: Request): void {
  if (!/^Bearer \S+$/.test(request.headers.get('Authorization') ?? '')) {
    throw apiError(401, 'Unauthorized', 'UNAUTHORIZED');
  }
}

/**
 * Holds answers until the test opens it, to see what the app shows meanwhile. A resolver that awaits
 * `opened` and returns nothing hands the request on to the default handler.
 */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
}
