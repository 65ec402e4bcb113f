import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

/** Belt and braces: even a value whose change went unheard is read again after this long. */
const KEEP_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface NotifiedCache<V> {
  /** The value kept under `key`, or what `read` finds (kept unless a change was announced meanwhile). */
  get(key: string, read: () => Promise<V | null>): Promise<V | null>;
  /** What a change announced (a notice's payload, or this process's own committed change) forgotten. */
  forget(announced: string): void;
  close(): Promise<void>;
}

interface NotifiedCacheOptions<V> {
  /** The channel every change of a kept value is announced on (NOTIFY in the changing transaction). */
  channel: string;
  /** Which kept entries an announcement is about; without it, the entry whose key is the payload. */
  isAbout?: (announced: string, value: V) => boolean;
}

/**
 * Values this process has read, so a hot path does not read the same row on every request (ADR 018, ADR 070).
 * A kept value only changes with a NOTIFY on the channel in the same transaction; every process hears it when it
 * commits and forgets what it names. While the listening connection is down nothing is kept (a notice could be
 * missed), and a read that raced a notice is not kept either.
 */
export async function createNotifiedCache<V>(
  database: Database,
  log: FastifyBaseLogger,
  { channel, isAbout }: NotifiedCacheOptions<V>,
): Promise<NotifiedCache<V>> {
  const kept = new Map<string, { value: V; until: number }>();
  let listening = true;
  // Bumped by every notice: a read that began before one may have read what it announces as stale.
  let notices = 0;
  const forgetAll = () => {
    kept.clear();
    notices += 1;
  };
  const forget = (announced: string) => {
    notices += 1;
    if (!isAbout) {
      kept.delete(announced);
      return;
    }
    for (const [key, entry] of kept) if (isAbout(announced, entry.value)) kept.delete(key);
  };
  const unlisten = await database.listen(channel, {
    notice: forget,
    lost: () => {
      listening = false;
      forgetAll();
    },
    reconnected: () => {
      forgetAll();
      listening = true;
    },
    error: (error) => log.warn({ err: error, channel }, 'change notices: connection lost, retrying'),
  });

  const keep = (key: string, value: V) => {
    if (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
    kept.set(key, { value, until: Date.now() + KEEP_MS });
  };

  return {
    get: async (key, read) => {
      const hit = kept.get(key);
      if (listening && hit && hit.until > Date.now()) return hit.value;
      const before = notices;
      const value = await read();
      if (listening && value !== null && notices === before) keep(key, value);
      return value;
    },
    forget,
    close: unlisten,
  };
}
