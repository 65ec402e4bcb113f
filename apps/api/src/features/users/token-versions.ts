import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import type { TokenVersions } from '../../types.ts';

/** Every change of a user's token version is announced here, with the user id, when it commits. */
export const TOKEN_VERSIONS_CHANNEL = 'token_versions';

const findTokenVersion = preparedQuery('auth_token_version', ['userId'], (db, { userId }) =>
  db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1),
);

/**
 * Token versions as this process last read them, so an authenticated request does not read the users row each
 * time (ADR 002, ADR 018). A version only changes with a NOTIFY on TOKEN_VERSIONS_CHANNEL in the same
 * transaction (users.repository's bumpTokenVersion); every process hears it and forgets that user.
 */
export async function createTokenVersions(
  database: Database,
  log: FastifyBaseLogger,
): Promise<TokenVersions> {
  const versions = await createNotifiedCache<number>(database, log, { channel: TOKEN_VERSIONS_CHANNEL });
  return {
    current: (userId) =>
      versions.get(
        userId,
        async () => (await findTokenVersion(database.db, { userId }))[0]?.tokenVersion ?? null,
      ),
    forget: versions.forget,
    close: versions.close,
  };
}
