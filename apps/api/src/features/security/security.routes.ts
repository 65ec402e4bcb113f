import {
  ApiErrorSchema,
  ChangePasswordRequestSchema,
  MessageResponseSchema,
  SignOutEverywhereResponseSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { countPasswordCheck } from '../auth/index.ts';
import { changePassword, signOutEverywhere, throttleKeyOf } from './security.service.ts';

const tags = ['security'];

/** Password and sessions of the signed-in merchant, under /api/users next to the profile routes. */
export function securityRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
  return typedRoutes(async (typed) => {
    const limits = deps.rateLimits;

    typed.put(
      '/:userId/change-password',
      {
        onRequest: limits.perIp('auth'),
        // Guesses of the current password count with sign-in attempts on the same account.
        preHandler: async (request, reply) =>
          countPasswordCheck(limits, request, reply, await throttleKeyOf(deps, actorOf(request)), true),
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'Change the password with the current one; every session ends, this one included',
          params: UserIdParamsSchema,
          body: ChangePasswordRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => changePassword(deps, actorOf(request), request.body, request),
    );

    typed.post(
      '/:userId/sign-out-everywhere',
      {
        onSend: noStore,
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'End every other session; the answer carries a fresh token for this one',
          params: UserIdParamsSchema,
          response: { 200: SignOutEverywhereResponseSchema, ...errors },
        },
      },
      async (request) => signOutEverywhere(deps, actorOf(request), request),
    );
  });
}
