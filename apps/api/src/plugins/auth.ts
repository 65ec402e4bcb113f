import {
  API_KEY_PERMISSIONS,
  type Permission,
  roleCan,
  roleRequiredMessage,
  rolesWith,
  TWO_FACTOR_REQUIRED_MESSAGE,
  uuidField,
} from '@bizdash/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createKeyAuthenticator, looksLikeApiKey } from '../features/api-keys/index.ts';
import { isTwoFactorEnabled } from '../features/security/index.ts';
import { createLastActive } from '../features/team/index.ts';
import { assertOwnedUser, USER_NOT_FOUND } from '../features/users/index.ts';
import { actorOf } from '../lib/actor.ts';
import { AppError, conflict, notFound, unauthorized } from '../lib/errors.ts';
import type { Actor, AppDeps } from '../types.ts';

const USER_ID_HEADER = 'user_id';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** A person acting for their own account (not a business they are a member of, nor its apps). */
const isOwnAccount = (actor: Actor) => actor.personId !== null && actor.actingUserId === actor.personId;

function headerUserId(request: FastifyRequest): string | null {
  const named = request.headers[USER_ID_HEADER];
  return typeof named === 'string' && named !== '' ? named : null;
}

/** The fields that name a user: `userId`, and `userRecordId` where SPEC's body calls it that (the bank link). */
const USER_ID_FIELDS = ['userId', 'userRecordId'] as const;

/** The user ids a request names in its path, query or body: each must belong to the caller. */
function namedUserIds(request: FastifyRequest): string[] {
  const named = new Set<string>();
  for (const part of [request.params, request.query, request.body]) {
    if (!part || typeof part !== 'object') continue;
    for (const field of USER_ID_FIELDS) {
      const value = (part as Record<string, unknown>)[field];
      if (typeof value === 'string') named.add(value);
    }
  }
  return [...named];
}

/** A refusal by role: 409, never 403, which the dashboard takes for a forced sign-out (ADR 055). */
const roleRequired = (permission: Permission) =>
  new AppError(409, 'ROLE_REQUIRED', roleRequiredMessage(permission), undefined, {
    permission,
    roles: [...rolesWith(permission)],
  });

const INVALID_API_KEY = 'This API key is not valid: it is unknown, deleted or expired.';
/** 401, not 403: the dashboard signs out on any 403, and this answer goes to a server, not a person. */
const apiKeyNotAllowed = () =>
  new AppError(401, 'API_KEY_NOT_ALLOWED', 'This endpoint is not available with an API key.');

/**
 * The one place that says who acts. onRequest: a valid, unexpired token whose version no logout ended, or an API
 * key (`bzk_…`, ADR 033) that is neither deleted nor expired, and a `user_id` header (when sent) naming the
 * merchant or one of its apps (an app's key: only that app). preHandler (after validation, so a malformed id is a
 * 400 first): every userId in the path, query or body must be the merchant or one of its apps; a header naming an
 * app, or an app's key, confines the request to that app. Anything else is a 404, never a hint.
 */
function authenticator(deps: AppDeps) {
  const { database, tokens, tokenVersions, memberships } = deps;
  const keyHolderOf = createKeyAuthenticator(deps);
  const keyOfRequest = new WeakMap<FastifyRequest, string>();
  const requiresTwoFactor = new WeakMap<FastifyRequest, boolean>();
  const noteLastActive = createLastActive(database);
  const perKey = deps.rateLimits.perKey(
    'api-key',
    deps.config.apiKeys.perMinute,
    (request) => keyOfRequest.get(request) ?? 'none',
  );

  // Refused credentials count per address, valid ones never: past the limit a guesser gets 429s, a shop's server
  // with its key goes on (ADR 037).
  const failures = deps.rateLimits.perIp('credential-failures');
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
    await failures(request, reply);
    throw error;
  };

  const withApiKey = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const holder = await keyHolderOf(key);
    if (!holder) return refuse(request, reply, unauthorized(INVALID_API_KEY));
    if (request.routeOptions.config.dashboardOnly) throw apiKeyNotAllowed();
    keyOfRequest.set(request, holder.keyId);
    await perKey(request, reply);
    const named = headerUserId(request);
    if (named && named !== holder.actingUserId) {
      // A merchant's key may act for its apps; an app's key for that app alone.
      if (holder.actingUserId !== holder.ownerId) throw notFound(USER_NOT_FOUND);
      await assertOwnedUser(database.db, holder.ownerId, named);
    }
    request.actor = {
      ownerId: holder.ownerId,
      actingUserId: named ?? holder.actingUserId,
      via: 'api_key',
      personId: null,
      role: null,
      apiKeyPrefix: holder.keyPrefix,
    };
  };

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (token && looksLikeApiKey(token)) return withApiKey(request, reply, token);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) return refuse(request, reply, unauthorized());
    const currentVersion = await tokenVersions.current(claims.userId);
    if (currentVersion === null || currentVersion !== claims.tokenVersion) throw unauthorized();
    const personId = claims.userId;
    const named = headerUserId(request) ?? personId;
    // The person's own account, a business they are a member of, or one of either's apps; anyone else's: 404.
    const membership = uuidField.safeParse(named).success ? await memberships.find(personId, named) : null;
    if (!membership) throw notFound(USER_NOT_FOUND);
    requiresTwoFactor.set(request, membership.requireTwoFactor);
    request.actor = {
      ownerId: membership.businessId,
      actingUserId: named,
      via: 'session',
      personId,
      role: membership.role,
      apiKeyPrefix: null,
    };
    noteLastActive(membership.businessId, personId, request.log);
  };

  /**
   * Before the input is validated: the route's permission (issue 23 §2). A person's own routes (`self`) only
   * for their own account; a business that asks for two-factor lets a member without it do nothing else first; a
   * route that declares nothing is the owner's alone (the route-walk test makes every route declare one).
   */
  const checkPermission = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const needed = request.routeOptions.config.permission;
    if (needed === 'self') {
      if (!isOwnAccount(actor)) throw notFound(USER_NOT_FOUND);
      return;
    }
    if (actor.role === null) {
      if (needed && needed !== 'member' && !API_KEY_PERMISSIONS.includes(needed)) throw roleRequired(needed);
      return;
    }
    if (requiresTwoFactor.get(request) && !(await isTwoFactorEnabled(database.db, actor.personId ?? ''))) {
      throw conflict(TWO_FACTOR_REQUIRED_MESSAGE, 'TWO_FACTOR_REQUIRED');
    }
    if (needed === 'member') return;
    const permission = needed ?? 'business.own';
    if (!roleCan(actor.role, permission)) throw roleRequired(permission);
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

  return { authenticate, checkNamedUsers, checkPermission };
}

/**
 * The signed-in part of the API: every route registered inside `routes` is authenticated by the scope's own
 * hooks, so a route cannot forget to, and the user it acts for is checked here, once: handlers and services read
 * who acts from `actorOf(request)` and never check a path's userId again. A route about the person rather than the
 * business's server declares `config: { dashboardOnly: true }` (the one place that says so): an API key gets
 * 401 API_KEY_NOT_ALLOWED, and the OpenAPI document (plugins/openapi-contract.ts) and the route-walk test read the
 * same flag from `signedInRoutes`.
 */
export function signedInScope(
  deps: AppDeps,
  routes: (scope: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    const { authenticate, checkNamedUsers, checkPermission } = authenticator(deps);
    scope.addHook('onRequest', authenticate);
    // The role before the input: a member who may not use a route is told so, not how to fix a body it refuses.
    scope.addHook('preValidation', checkPermission);
    scope.addHook('preHandler', checkNamedUsers);
    scope.addHook('onRoute', (route) => {
      scope.signedInRoutes.push({
        method: route.method,
        url: route.url,
        dashboardOnly: route.config?.dashboardOnly === true,
        permission: route.config?.permission,
      });
    });
    await routes(scope);
  };
}

/** Decorations the signed-in scope needs; registered once on the root instance. */
export function registerActor(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorate('signedInRoutes', []);
}
