import type pg from 'pg';
import { doublingWaits, type RetrySchedule, retryDelayMs } from '../lib/backoff.ts';

export interface ListenHandlers {
  notice(payload: string): void;
  /** The listening connection was lost: notices are not heard until `reconnected`. */
  lost?(): void;
  /** The listening connection was lost and is back: notices sent in between are gone. */
  reconnected(): void;
  /** The connection failed; it is being retried. */
  error(error: unknown): void;
}

export type Unlisten = () => Promise<void>;

/** Reconnecting: 100 ms, doubling up to 5 s, then every 5 s for as long as it takes. */
const RECONNECT: RetrySchedule = {
  waitsMs: doublingWaits(100, 5_000, 7),
  afterLast: 'repeat-last',
  jitter: [1, 1],
};

/**
 * LISTEN on one dedicated connection outside the pool (a pooled connection would be handed to other queries
 * and its LISTEN lost), reconnecting with backoff for as long as it is wanted. Resolves once the first LISTEN
 * is in place, so nothing committed after that is missed.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const { default: pg } = await import('pg');
    const next = new pg.Client({
      connectionString,
      application_name: `bizdash-listen:${channel}`,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.notice(message.payload);
    });
    next.on('error', () => undefined); // 'end' follows and schedules the retry
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      handlers.lost?.();
      scheduleRetry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
  };

  const scheduleRetry = () => {
    retryTimer = setTimeout(
      async () => {
        if (stopped) return;
        try {
          await connect();
          if (!stopped) handlers.reconnected();
        } catch (error) {
          handlers.error(error);
          failures += 1;
          if (!stopped) scheduleRetry();
        }
      },
      retryDelayMs(RECONNECT, failures + 1) ?? 0,
    );
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
