import { isTokenExpired, SOURCE_SYSTEM, TEAM_ERRORS } from '@bizdash/shared';
import type { z } from 'zod';
import { actFor, actForBusiness, getActingApp, getActingBusiness, getActingUserId } from './acting-profile';
import { ApiError, tooManyAttemptsMessage } from './api-error';
import { config } from './config';
import { type Credentials, clearCredentials, getCredentials } from './credentials';
import { redirectTo } from './navigation';
import { takePrefetched } from './page-prefetch';
import { markTwoFactorRequired, TWO_FACTOR_SETUP_PATH } from './two-factor-required';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: Method;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** The caller's default error text (SPEC section 8). */
  defaultError?: string;
  /**
   * Authenticated calls send the token and end the session on 401/403. Public calls (sign-in, sign-up)
   * set this to false so a wrong password is an error message, not a redirect.
   */
  auth?: boolean;
  /**
   * Acts as this account instead of the stored one (the account-switch page reads an account not signed in
   * here); a 401 then ends no session.
   */
  actAs?: Credentials;
  /** Defaults to `auth` (false with `actAs`); logout turns it off because it ends the session itself. */
  signOutOnAuthError?: boolean;
  /**
   * The user this call acts for (the `user_id` header): by default the user its path or body names, else the app
   * the dashboard acts for (lib/acting-profile), else the signed-in merchant.
   */
  actFor?: string;
  /** Extra headers for this call (e.g. Idempotency-Key), set after the SPEC section 7 ones. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser's fetch priority; a long-lived stream goes low so it never competes with what the page needs. */
  priority?: RequestPriority;
}

/** The API's answer to a user_id (or a named user) that is not the merchant nor one of its apps. */
const ACTING_USER_NOT_FOUND = 'User not found';

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NAMED_USER_PATH = new RegExp(`^/(?:users|document|kyc)/(${UUID})(?:[/?]|$)`, 'i');

/** The person's own calls that name no user: sign-out, the businesses they belong to, accepting an invitation. */
const PERSON_PATH =
  /^\/(?:auth\/|team\/memberships(?:[/?]|$)|team\/invitations\/(?:accept|preview)(?:[/?]|$))/;

/**
 * A call that names a user (`/users/{id}/...`, a body's userId) acts for that user, as the API reads it
 * (plugins/auth.ts): the person's pages (profile, password, two-factor, notifications) and the business's
 * verification name the merchant and so stay the merchant's while the dashboard acts for an app, whose header
 * would make them a 404. The person's own calls that name nobody send their own id. Every other call acts for the
 * chosen app, else the chosen business (issue 23), else the person's own account.
 */
function actingUserId(path: string, body: unknown, credentials: Credentials): string {
  const named = NAMED_USER_PATH.exec(path)?.[1];
  if (named) return named;
  if (body && typeof body === 'object' && !(body instanceof FormData)) {
    const { userId } = body as Record<string, unknown>;
    if (typeof userId === 'string' && userId) return userId;
  }
  if (PERSON_PATH.test(path.startsWith('/') ? path : `/${path}`)) return credentials.userId;
  return getActingUserId() ?? credentials.userId;
}

/** SPEC section 7 headers; no Authorization at all when the token is missing or expired. */
function buildHeaders(credentials: Credentials | null, userId?: string): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    source_system: SOURCE_SYSTEM,
    request_time: new Date().toISOString(),
    'Cache-Control': 'no-cache',
  });
  if (!credentials) return headers;
  if (!isTokenExpired(credentials.token)) headers.set('Authorization', `Bearer ${credentials.token}`);
  headers.set('user_id', userId ?? credentials.userId);
  return headers;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${config.apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringField(data: unknown, field: string): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

function detailsField(data: unknown): ApiError['details'] | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const details = (data as Record<string, unknown>).details;
  if (!Array.isArray(details)) return undefined;
  return details.filter(
    (item): item is { path: string; message: string } =>
      typeof item?.path === 'string' && typeof item?.message === 'string',
  );
}

const TWO_FACTOR_REQUIRED_CODE = TEAM_ERRORS.TWO_FACTOR_REQUIRED;

/** The business acted for asks for two-factor first: to its set-up, with the banner saying why. */
function requireTwoFactor(): void {
  markTwoFactorRequired();
  if (window.location.pathname !== TWO_FACTOR_SETUP_PATH) redirectTo(TWO_FACTOR_SETUP_PATH);
}

function endSession(): void {
  clearCredentials();
  redirectTo(config.signInUrl);
}

/**
 * The page's own early request for this call (lib/page-prefetch): a plain GET, as the app itself would send it,
 * with the stored session's token (or none).
 */
function takenOver(
  url: string,
  { method = 'GET', body, headers, actAs, actFor, signal }: RequestOptions,
  accept: string,
  sentWith: Credentials | null,
): Promise<Response> | undefined {
  const plain = method === 'GET' && body === undefined && !headers && !actAs && !actFor && !signal?.aborted;
  return plain && accept === 'application/json' ? takePrefetched(url, sentWith?.token ?? null) : undefined;
}

/**
 * Sends the request; a failure (network or non-2xx) becomes an ApiError with the SPEC section 8 text, unless
 * `answerRefusals` hands a non-2xx answer back as it came (after the same session rules).
 */
async function send(
  path: string,
  options: RequestOptions,
  accept: string,
  answerRefusals = false,
): Promise<Response> {
  const { method = 'GET', body, query, defaultError, auth = true, actAs, signal, priority } = options;
  const signOutOnAuthError = options.signOutOnAuthError ?? (auth && !actAs);
  const credentials = auth ? (actAs ?? getCredentials()) : null;
  const userId =
    credentials && !actAs ? (options.actFor ?? actingUserId(path, body, credentials)) : undefined;
  const headers = buildHeaders(credentials, userId);
  headers.set('Accept', accept);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const url = buildUrl(path, query);
  const prefetched = takenOver(url, options, accept, headers.has('Authorization') ? credentials : null);
  let response: Response;
  try {
    response = await (prefetched ??
      fetch(url, { method, headers, body: encodeBody(body, headers), signal, priority }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      clientMessage: NETWORK_ERROR_MESSAGE,
      defaultMessage: defaultError,
      cause: error,
    });
  }
  if (response.ok) return response;

  const data = await readJson(answerRefusals ? response.clone() : response);
  // Only 401 and 403 end the session: a refusal by role (409 ROLE_REQUIRED) keeps the member signed in and its
  // sentence reaches them as the call's error. A business that requires two-factor sends them to turn it on.
  if (signOutOnAuthError && (response.status === 401 || response.status === 403)) endSession();
  if (response.status === 409 && stringField(data, 'code') === TWO_FACTOR_REQUIRED_CODE) requireTwoFactor();
  // The app acted for is no longer the merchant's (erased, perhaps in another tab): back to the merchant. Likewise a
  // business the person was removed from (their next request is refused): back to their own account.
  if (
    response.status === 404 &&
    userId !== undefined &&
    stringField(data, 'error') === ACTING_USER_NOT_FOUND
  ) {
    if (userId === getActingApp()?.appId) actFor(null);
    else if (userId === getActingBusiness()?.businessId) actForBusiness(null);
  }
  if (answerRefusals) return response;
  throw new ApiError({
    status: response.status,
    serverError: stringField(data, 'error'),
    serverMessage: stringField(data, 'message'),
    clientMessage:
      response.status === 429 ? tooManyAttemptsMessage(response.headers.get('Retry-After')) : undefined,
    defaultMessage: defaultError,
    code: stringField(data, 'code'),
    details: detailsField(data),
  });
}

export function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { schema, defaultError } = options;
  const response = await send(path, options, 'application/json');
  const data = await readJson(response);
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // A response that breaks the shared contract is a bug; the user still gets the call's default text.
    throw new ApiError({ status: response.status, defaultMessage: defaultError, cause: parsed.error });
  }
  return parsed.data;
}

export interface Download {
  blob: Blob;
  /** From the Content-Disposition header, when the server names the file. */
  filename: string | null;
}

/** A file the API streams back (e.g. a CSV export): same headers and error handling as apiRequest. */
export async function apiDownload(
  path: string,
  options: RequestOptions & { accept: string },
): Promise<Download> {
  const response = await send(path, options, options.accept);
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}

/**
 * The API's answer as it came, whatever its status (the API playground shows refusals too): the same headers,
 * acting user and session rules as apiRequest (401/403 still end the session). Only an unreachable server throws.
 */
export function apiExchange(path: string, options: RequestOptions & { accept: string }): Promise<Response> {
  return send(path, options, options.accept, true);
}

/** A response read as it arrives (server-sent events): same headers and 401/403 sign-out as apiRequest. */
export function apiStream(path: string, options: RequestOptions & { accept: string }): Promise<Response> {
  return send(path, { priority: 'low', ...options }, options.accept);
}

/** `attachment; filename="x.csv"` (or the RFC 5987 `filename*=UTF-8''x.csv`) -> `x.csv`. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

export interface UploadOptions<S extends z.ZodType> {
  /** The multipart form: its files and fields. */
  body: FormData;
  schema: S;
  defaultError: string;
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** As apiRequest's: the user the upload acts for. */
  actFor?: string;
}

/**
 * A multipart upload that reports its progress (documents, dispute evidence): XMLHttpRequest, not fetch, since only
 * it reports upload progress in every browser and large scans take a while. Same headers, sign-out on 401/403 and
 * errors (ApiError, the server's sentence first) as apiRequest.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  options: UploadOptions<S>,
): Promise<z.output<S>> {
  const { body, schema, defaultError, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const credentials = getCredentials();
    const userId = credentials ? (options.actFor ?? actingUserId(path, body, credentials)) : undefined;
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl(path, undefined));
    buildHeaders(credentials, userId).forEach((value, name) => {
      request.setRequestHeader(name, value);
    });
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = schema.safeParse(data);
        if (parsed.success) return resolve(parsed.data);
        return reject(
          new ApiError({ status: request.status, defaultMessage: defaultError, cause: parsed.error }),
        );
      }
      if (credentials && (request.status === 401 || request.status === 403)) endSession();
      if (request.status === 409 && stringField(data, 'code') === TWO_FACTOR_REQUIRED_CODE)
        requireTwoFactor();
      reject(
        new ApiError({
          status: request.status,
          serverError: stringField(data, 'error'),
          serverMessage: stringField(data, 'message'),
          clientMessage:
            request.status === 429
              ? tooManyAttemptsMessage(request.getResponseHeader('Retry-After'))
              : undefined,
          defaultMessage: defaultError,
          code: stringField(data, 'code'),
          details: detailsField(data),
        }),
      );
    };
    request.onerror = () =>
      reject(new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE, defaultMessage: defaultError }));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return request.abort();
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
