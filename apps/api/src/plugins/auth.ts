import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prepareTokenVersionLookup } from '../features/users/users.repository.ts';
import { assertOwnedUser } from '../features/users/users.service.ts';
import { unauthorized } from '../lib/errors.ts';
import type { AppDeps } from '../types.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * `app.authenticate` is the onRequest hook of every signed-in route: a valid, unexpired token whose version
 * was not ended by a logout, and a `user_id` header (when sent) naming the merchant or one of its apps.
 */
export function registerAuth(app: FastifyInstance, { database, tokens }: AppDeps) {
  const findTokenVersion = prepareTokenVersionLookup(database.db);
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    const currentVersion = await findTokenVersion(claims.userId);
    if (currentVersion === null || currentVersion !== claims.tokenVersion) throw unauthorized();
    request.auth = { userId: claims.userId };
    const namedUser = request.headers.user_id;
    if (typeof namedUser === 'string' && namedUser !== '') {
      await assertOwnedUser(database.db, claims.userId, namedUser);
    }
  });
}

/** For handlers behind `app.authenticate`: the merchant making the request. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The user a request acts for: the user_id header (checked at authentication to be the caller or its app), else the caller. */
export function actingUserId(request: FastifyRequest): string {
  const named = request.headers.user_id;
  return typeof named === 'string' && named !== '' ? named : requireAuth(request).userId;
}
