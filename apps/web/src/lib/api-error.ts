import { DEFAULT_ERROR_MESSAGE } from './config';

export interface ApiErrorParts {
  status: number;
  /** The server's `error` field. */
  serverError?: string | undefined;
  /** The server's `message` field. */
  serverMessage?: string | undefined;
  /** What the client itself knows went wrong (e.g. the network is down). */
  clientMessage?: string | undefined;
  /** The caller's default for this call. */
  defaultMessage?: string | undefined;
  code?: string | undefined;
  details?: { path: string; message: string }[] | undefined;
  cause?: unknown;
}

/** SPEC section 8: the server's error, else its message, else the client's message, else the default. */
function resolveErrorText(parts: Omit<ApiErrorParts, 'status'>): string {
  return (
    nonEmpty(parts.serverError) ??
    nonEmpty(parts.serverMessage) ??
    nonEmpty(parts.clientMessage) ??
    nonEmpty(parts.defaultMessage) ??
    DEFAULT_ERROR_MESSAGE
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined;
}

/**
 * What a 429 says when its answer carries no text (a proxy or gateway limited the call): the wait from
 * Retry-After, in whole minutes as the API words it.
 */
export function tooManyAttemptsMessage(retryAfter: string | null, now = Date.now()): string {
  const seconds = retryAfterSeconds(retryAfter, now);
  if (seconds === null) return 'Too many attempts. Try again later.';
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
}

/** Retry-After is either a number of seconds or an HTTP date. */
function retryAfterSeconds(value: string | null, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: { path: string; message: string }[];

  constructor(parts: ApiErrorParts) {
    super(resolveErrorText(parts), { cause: parts.cause });
    this.name = 'ApiError';
    this.status = parts.status;
    this.code = parts.code;
    this.details = parts.details ?? [];
  }
}

/** Text for a toast from anything thrown: an ApiError already carries its resolved text. */
export function errorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error)
    return resolveErrorText({ clientMessage: error.message, defaultMessage: fallback });
  return fallback;
}

/** A request the server refused as it was (a 4xx) fails the same way again; anything else may pass on retry. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429);
}

/** The address named nothing the server knows: a missing id (404) or one that is not even an id (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
