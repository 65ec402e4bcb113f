import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import type { TokenVersions } from '../../types.ts';

/** Every change of a user's token version is announced here, with the user id, when it commits. */
export const TOKEN_VERSIONS_CHANNEL = 'token_versions';
/** Belt and braces: even a version whose change went unheard is read again after this long. */
const KEEP_MS = 60_000;
const MAX_ENTRIES = 10_000;

const findTokenVersion = preparedQuery('auth_token_version', ['userId'], (db, { userId }) =>
  db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1),
);

/**
 * Token versions as this process last read them, so an authenticated request does not read the users row each
 * time (ADR 002, ADR 018). A version only changes with a NOTIFY on TOKEN_VERSIONS_CHANNEL in the same
 * transaction (users.repository's bumpTokenVersion); every process hears it and forgets that user. While the
 * listening connection is down nothing is kept, and a read that raced a notice is not kept either.
 */
export async function createTokenVersions(
  database: Database,
  log: FastifyBaseLogger,
): Promise<TokenVersions> {
  const kept = new Map<string, { version: number; until: number }>();
  let listening = true;
  // Bumped by every notice: a read that began before one may have read what it announces as stale.
  let notices = 0;
  const forgetAll = () => {
    kept.clear();
    notices += 1;
  };
  const forget = (userId: string) => {
    kept.delete(userId);
    notices += 1;
  };
  const unlisten = await database.listen(TOKEN_VERSIONS_CHANNEL, {
    notice: forget,
    lost: () => {
      listening = false;
      forgetAll();
    },
    reconnected: () => {
      forgetAll();
      listening = true;
    },
    error: (error) => log.warn({ err: error }, 'token version notices: connection lost, retrying'),
  });

  const keep = (userId: string, version: number) => {
    if (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
    kept.set(userId, { version, until: Date.now() + KEEP_MS });
  };

  return {
    current: async (userId) => {
      const hit = kept.get(userId);
      if (listening && hit && hit.until > Date.now()) return hit.version;
      const before = notices;
      const version = (await findTokenVersion(database.db, { userId }))[0]?.tokenVersion ?? null;
      if (listening && version !== null && notices === before) keep(userId, version);
      return version;
    },
    forget,
    close: unlisten,
  };
}
