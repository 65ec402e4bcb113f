import { ApiErrorSchema, UserIdParamsSchema, UserSchema } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import type { AppDeps } from '../../types.ts';
import { getUser } from './users.service.ts';

export function usersRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/:userId',
      {
        schema: {
          tags: ['users'],
          summary: 'The merchant (or one of its apps) with wallets and settings',
          security: [{ bearerAuth: [] }],
          params: UserIdParamsSchema,
          response: { 200: UserSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getUser(deps.database.db, actorOf(request)),
    );
  };
}
