import {
  ApiErrorSchema,
  AuthTokenResponseSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
} from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import type { AppDeps } from '../../types.ts';
import { logout, signIn, signUp } from './auth.service.ts';

const tags = ['auth'];

/** Sign-up and sign-in: public. */
export function authRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const limits = deps.rateLimits;

    api.post(
      '/signup',
      {
        onRequest: limits.perIp('auth'),
        schema: {
          tags,
          summary: 'Create a merchant account with NGN and USD wallets',
          body: SignUpRequestSchema,
          response: { 201: AuthTokenResponseSchema, 400: ApiErrorSchema, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await signUp(deps, request.body)),
    );

    api.post(
      '/signin',
      {
        onRequest: limits.perIp('auth'),
        preHandler: limits.perAccount('signin', (request) =>
          String((request.body as { email?: unknown }).email ?? '').toLowerCase(),
        ),
        schema: {
          tags,
          summary: 'Exchange email and password for a bearer token',
          body: SignInRequestSchema,
          response: { 200: AuthTokenResponseSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request) => signIn(deps, request.body),
    );
  };
}

/** Signing out ends the merchant's tokens: signed-in. */
export function sessionRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/logout',
      {
        schema: {
          tags,
          summary: 'End every token issued to the merchant so far',
          security: [{ bearerAuth: [] }],
          response: { 204: z.null(), 401: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        await logout(deps, actorOf(request).ownerId);
        return reply.code(204).send(null);
      },
    );
  };
}
