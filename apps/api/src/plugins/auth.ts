import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { assertOwnedUser } from '../features/users/index.ts';
import { actorOf } from '../lib/actor.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import type { AppDeps } from '../types.ts';

const USER_ID_HEADER = 'user_id';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function headerUserId(request: FastifyRequest): string | null {
  const named = request.headers[USER_ID_HEADER];
  return typeof named === 'string' && named !== '' ? named : null;
}

/** The user ids a request names in its path, query or body: each must belong to the caller. */
function namedUserIds(request: FastifyRequest): string[] {
  const named = new Set<string>();
  for (const part of [request.params, request.query, request.body]) {
    if (part && typeof part === 'object' && 'userId' in part && typeof part.userId === 'string') {
      named.add(part.userId);
    }
  }
  return [...named];
}

/**
 * The one place that says who acts. onRequest: a valid, unexpired token whose version no logout ended, and a
 * `user_id` header (when sent) naming the merchant or one of its apps. preHandler (after validation, so a
 * malformed id is a 400 first): every userId in the path, query or body must be the merchant or one of its apps;
 * a header naming an app confines the request to that app. Anything else is a 404, never a hint.
 */
function authenticator({ database, tokens, tokenVersions }: AppDeps) {
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    const currentVersion = await tokenVersions.current(claims.userId);
    if (currentVersion === null || currentVersion !== claims.tokenVersion) throw unauthorized();
    const ownerId = claims.userId;
    const named = headerUserId(request);
    if (named) await assertOwnedUser(database.db, ownerId, named);
    request.actor = { ownerId, actingUserId: named ?? ownerId, via: 'session' };
  };

  const checkNamedUsers = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const named = namedUserIds(request);
    if (named.length === 0) return;
    for (const userId of named) await assertOwnedUser(database.db, actor.ownerId, userId);
    const [first] = named;
    const confinedToApp = actor.actingUserId !== actor.ownerId;
    if (named.length > 1 || (confinedToApp && first !== actor.actingUserId)) throw notFound('User not found');
    if (first) request.actor = { ...actor, actingUserId: first };
  };

  return { authenticate, checkNamedUsers };
}

/**
 * The signed-in part of the API: every route registered inside `routes` is authenticated by the scope's own
 * hooks, so a route cannot forget to. Routes read who acts from `actorOf(request)`.
 */
export function signedInScope(
  deps: AppDeps,
  routes: (scope: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    const { authenticate, checkNamedUsers } = authenticator(deps);
    scope.addHook('onRequest', authenticate);
    scope.addHook('preHandler', checkNamedUsers);
    scope.addHook('onRoute', (route) => {
      scope.signedInRoutes.push({ method: route.method, url: route.url });
    });
    await routes(scope);
  };
}

/** Decorations the signed-in scope needs; registered once on the root instance. */
export function registerActor(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorate('signedInRoutes', []);
}
