import { PassThrough, type Readable } from 'node:stream';
import {
  LIVE_NOTICE_EVENT,
  LIVE_NOTICE_KINDS,
  LIVE_READY_EVENT,
  type LiveNotice,
  type LiveNoticeKind,
} from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Unlisten } from '../../db/listener.ts';
import { AppError } from '../../lib/errors.ts';

/** The channel migration 0004's triggers notify on. */
const LIVE_CHANNEL = 'bizdash_live';
/** Enough for a merchant's tabs and devices; bounds what one leaked token can hold open in a process. */
export const MAX_STREAMS_PER_USER = 10;
/** Below the idle timeouts of common proxies and load balancers (30-60 s). */
const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting on its own (the SSE `retry` field). */
const CLIENT_RETRY_MS = 3_000;

/** What a stream acting for an app also hears of its merchant: the bell and the merchant's status in the top bar. */
const OWNER_KINDS = new Set<LiveNoticeKind>(['notification', 'user']);

const TriggerPayloadSchema = z.object({ userId: z.string(), kind: z.enum(LIVE_NOTICE_KINDS) });

type Subscriber = (kind: LiveNoticeKind) => void;

export interface LiveNotices {
  /**
   * A stream of server-sent events for the user the dashboard acts for, or a 429 when the user already holds the
   * most allowed. Acting for an app, it also carries the merchant's own bell and status (`ownerId`): an app's
   * notices go to its merchant (features/notifications), whose bell stays on screen.
   */
  open(userId: string, options?: { heartbeatMs?: number; ownerId?: string }): Readable;
  /** Ends every open stream (app shutdown: the server cannot close while responses are open). */
  endAll(): void;
  stop(): Promise<void>;
}

const tooManyStreams = () =>
  new AppError(
    429,
    'TOO_MANY_STREAMS',
    'Too many live connections are open for this account. Close a tab or window and try again.',
  );

/**
 * Fans the database's change notices out to the signed-in users' streams. One LISTEN per process, however
 * many streams: the triggers say whose data changed, and only that user's streams hear of it.
 */
export async function startLiveNotices(database: Database, log: FastifyBaseLogger): Promise<LiveNotices> {
  const subscribers = new Map<string, Set<Subscriber>>();
  const streams = new Set<PassThrough>();

  const deliver = (payload: string) => {
    let parsed: z.infer<typeof TriggerPayloadSchema>;
    try {
      parsed = TriggerPayloadSchema.parse(JSON.parse(payload));
    } catch {
      log.warn({ payload }, 'ignored a live notice that is not a change notice');
      return;
    }
    for (const subscriber of subscribers.get(parsed.userId) ?? []) subscriber(parsed.kind);
  };

  const unlisten: Unlisten = await database.listen(LIVE_CHANNEL, {
    notice: deliver,
    // Whatever committed while the connection was down went unheard: everyone refetches everything.
    reconnected: () => {
      log.info('live notices: listening again');
      for (const set of subscribers.values()) {
        for (const subscriber of set) for (const kind of LIVE_NOTICE_KINDS) subscriber(kind);
      }
    },
    error: (error) => log.warn({ err: error }, 'live notices: connection lost, retrying'),
  });

  const subscribe = (userId: string, subscriber: Subscriber) => {
    const set = subscribers.get(userId) ?? new Set<Subscriber>();
    set.add(subscriber);
    subscribers.set(userId, set);
    return () => {
      set.delete(subscriber);
      // Cleaning up runs on 'finish' and again on 'close': by then a new stream may hold a new set for the user.
      if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
    };
  };

  const open: LiveNotices['open'] = (userId, { heartbeatMs = HEARTBEAT_MS, ownerId = userId } = {}) => {
    if ((subscribers.get(userId)?.size ?? 0) >= MAX_STREAMS_PER_USER) throw tooManyStreams();

    const stream = new PassThrough();
    // A client that stops reading gets each kind once when it drains, not a growing backlog.
    const pending = new Set<LiveNoticeKind>();
    let blocked = false;
    const write = (chunk: string) => {
      if (!stream.write(chunk)) blocked = true;
    };
    const notice = (kind: LiveNoticeKind) => {
      if (blocked) {
        pending.add(kind);
        return;
      }
      write(sseEvent(LIVE_NOTICE_EVENT, { kind } satisfies LiveNotice));
    };
    stream.on('drain', () => {
      blocked = false;
      const kinds = [...pending];
      pending.clear();
      for (const kind of kinds) notice(kind);
    });

    const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    const unsubscribe = [subscribe(userId, notice)];
    if (ownerId !== userId)
      unsubscribe.push(subscribe(ownerId, (kind) => OWNER_KINDS.has(kind) && notice(kind)));
    const cleanUp = () => {
      clearInterval(heartbeat);
      for (const stop of unsubscribe) stop();
      streams.delete(stream);
    };
    stream.on('close', cleanUp);
    stream.on('finish', cleanUp);

    streams.add(stream);
    write(`retry: ${CLIENT_RETRY_MS}\n${sseEvent(LIVE_READY_EVENT, {})}`);
    return stream;
  };

  return {
    open,
    endAll: () => {
      for (const stream of streams) stream.end();
    },
    stop: async () => {
      for (const stream of streams) stream.destroy();
      await unlisten();
    },
  };
}

function sseEvent(event: string, data: object): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
