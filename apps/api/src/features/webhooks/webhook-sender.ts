import {
  allowedUrl,
  guardedAgent,
  loadUndici,
  type OutboundPolicy,
  OutboundRefusedError,
} from '../../lib/outbound-http.ts';

/** What the log keeps of an answer's body. */
const RESPONSE_BODY_BYTES = 1024;
/** The longest Retry-After obeyed: the longest wait of the retry schedule. */
const RETRY_AFTER_CAP_MS = 24 * 3_600_000;

export interface SendResult {
  /** The HTTP status, or null when there was no answer (refused address, connection error, timeout). */
  code: number | null;
  /** The first 1 KB of the answer's body. */
  body: string | null;
  error: string | null;
  /** How long the receiver asked us to wait (Retry-After), capped; null when it did not say. */
  retryAfterMs: number | null;
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from `now`, capped; null when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  // delay-seconds, or an HTTP-date (which starts with the day's name); anything else is ignored.
  const ms = /^\d+$/.test(value)
    ? Number(value) * 1000
    : /^[A-Za-z]{3}/.test(value)
      ? Date.parse(value) - now
      : Number.NaN;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
}

async function firstBytes(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    total += chunk.length;
    if (total >= limit) break;
  }
  // Leaving the loop early destroys the stream: the rest of a large answer is never read.
  body.destroy();
  // PostgreSQL text holds no NUL characters.
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8').replaceAll('\u0000', '');
}

/**
 * Why a webhook URL that reaches a private address is refused (when saved, and in the delivery log when its host
 * name resolves to one later), and the setting that allows it.
 */
export const privateTargetRefusal = (where: string) =>
  `Webhook URL points to a private address (${where}). This server sends webhooks only to public addresses, so they cannot be aimed at its internal network; to deliver to a receiver on your own machine or network, run the server with ALLOW_PRIVATE_WEBHOOK_TARGETS=true.`;

/** The undici error codes behind a failed connection, in words the merchant can act on. */
function describe(error: unknown, timeoutMs: number): string {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  const refused = chain.find((entry) => entry instanceof OutboundRefusedError);
  if (refused) return refused.address ? privateTargetRefusal(refused.address) : refused.message;
  const codes = chain.map((entry) => (entry as { code?: unknown }).code ?? '');
  const names = chain.map((entry) => (entry as { name?: unknown }).name ?? '');
  if (names.includes('TimeoutError') || codes.includes('UND_ERR_CONNECT_TIMEOUT')) {
    return `Timed out after ${timeoutMs} ms`;
  }
  if (codes.includes('ENOTFOUND')) return 'Host not found';
  if (codes.includes('ECONNREFUSED')) return 'Connection refused';
  const message = chain.map((entry) => (entry instanceof Error ? entry.message : String(entry))).join(': ');
  return message.slice(0, 500) || 'Request failed';
}

/**
 * One POST of a webhook. The URL and every address connected to are checked against the policy on each attempt
 * (lib/outbound-http.ts); redirects are never followed (undici's request does not, and a 3xx is the caller's
 * failure); the whole exchange, body included, must finish within `timeoutMs`.
 */
export async function postWebhook(options: {
  url: string;
  policy: OutboundPolicy;
  timeoutMs: number;
  headers: Record<string, string>;
  body: string;
}): Promise<SendResult> {
  const { policy, timeoutMs } = options;
  try {
    const url = allowedUrl(options.url, policy);
    const { request } = await loadUndici();
    const response = await request(url, {
      method: 'POST',
      headers: options.headers,
      body: options.body,
      dispatcher: await guardedAgent(policy, timeoutMs),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The status decides; a body that stalls or breaks after it (past the timeout) only leaves the log without it.
    const body = await firstBytes(response.body, RESPONSE_BODY_BYTES).catch(() => null);
    return {
      code: response.statusCode,
      body,
      error: null,
      retryAfterMs: parseRetryAfter(response.headers['retry-after']),
    };
  } catch (error) {
    return { code: null, body: null, error: describe(error, timeoutMs), retryAfterMs: null };
  }
}
