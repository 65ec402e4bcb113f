import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSseParser, type LiveNoticeKind, LiveNoticeSchema, type SseEvent } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../helper.ts';

/** Streams need real HTTP: app.inject waits for a response to end, and these never do on their own. */
export async function listenOnEphemeralPort(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface EventStream {
  status: number;
  /** Every event so far, in order of arrival. */
  events: SseEvent[];
  /** The first event (already received or still to come) that matches, or a rejection after timeoutMs. */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET /api/events/stream with the bearer token, as the dashboard does, and waits for its "ready" event.
 * node:http without an agent rather than fetch: closing destroys exactly this connection, where undici's pool
 * opens a spare one that would keep the server waiting.
 */
export async function openEventStream(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const request = http.get(`${baseUrl}/api/events/stream`, {
    headers: { ...bearer(token), ...headers },
    agent: false,
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject);
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const parser = createSseParser((event) => {
    events.push(event);
    for (const wake of waiters) wake();
  });
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => parser.push(chunk));
  const ended = new Promise<void>((resolve) => response.once('close', resolve));

  const waitFor: EventStream['waitFor'] = (match, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      if (!check()) waiters.add(wake);
    });

  const status = response.statusCode ?? 0;
  const stream = { status, events, waitFor, ended, close: () => request.destroy() };
  if (status === 200) await waitFor((event) => event.event === 'ready');
  return stream;
}

/** Matches a "changed" event about that kind of data. */
export const changed = (kind: LiveNoticeKind) => (event: SseEvent) =>
  event.event === 'changed' && LiveNoticeSchema.parse(JSON.parse(event.data)).kind === kind;

/** The kinds the "changed" events so far were about, in order. */
export const changedKinds = (stream: EventStream) =>
  stream.events
    .filter((event) => event.event === 'changed')
    .map((event) => LiveNoticeSchema.parse(JSON.parse(event.data)).kind);
