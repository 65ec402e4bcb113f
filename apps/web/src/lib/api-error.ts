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
