import { apiExchange } from '@/lib/api-client';
import { ACTING_HEADER, type PreparedRequest } from '../request-draft';

type ResponseBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; contentType: string; size: number };

export interface PlaygroundResponse {
  status: number;
  statusText: string;
  /** From sending to the whole body read, in milliseconds. */
  durationMs: number;
  headers: [string, string][];
  body: ResponseBody;
}

const TEXT_TYPE = /^text\/|[/+](?:json|xml|csv)\b|javascript/i;

async function readBody(response: Response): Promise<ResponseBody> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType && !TEXT_TYPE.test(contentType)) {
    const blob = await response.blob();
    return blob.size === 0 ? { kind: 'empty' } : { kind: 'binary', contentType, size: blob.size };
  }
  const text = await response.text();
  if (text === '') return { kind: 'empty' };
  try {
    const value: unknown = JSON.parse(text);
    return { kind: 'json', value, text: JSON.stringify(value, null, 2) };
  } catch {
    return { kind: 'text', text };
  }
}

/** The document's `/api/...` path as the api client takes it (it adds its own base). */
const clientPath = (path: string) => path.replace(/^\/api(?=\/|$)/, '') || '/';

function encodeBody(body: PreparedRequest['body']): unknown {
  if (!body) return undefined;
  if (body.kind === 'json') return body.value;
  const form = new FormData();
  for (const [name, value] of body.parts) form.append(name, value);
  return form;
}

/**
 * Sends the request through the api client as the signed-in person (their session, the acting user), or with no
 * credentials for a public operation, and reads the whole answer whatever its status.
 */
export async function sendRequest(
  request: PreparedRequest,
  { signedIn, signal }: { signedIn: boolean; signal?: AbortSignal },
): Promise<PlaygroundResponse> {
  const headers = Object.fromEntries(request.headers.filter(([name]) => name !== ACTING_HEADER));
  const actFor = request.headers.find(([name]) => name === ACTING_HEADER)?.[1];
  const started = performance.now();
  const response = await apiExchange(clientPath(request.path), {
    method: request.method,
    query: Object.fromEntries(request.query),
    body: encodeBody(request.body),
    headers,
    auth: signedIn,
    ...(actFor ? { actFor } : {}),
    accept: 'application/json, */*;q=0.5',
    signal,
  });
  const body = await readBody(response);
  return {
    status: response.status,
    statusText: response.statusText,
    durationMs: Math.round(performance.now() - started),
    headers: [...response.headers.entries()],
    body,
  };
}
