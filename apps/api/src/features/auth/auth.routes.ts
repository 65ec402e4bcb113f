import {
  ApiErrorSchema,
  AuthTokenResponseSchema,
  FORGOT_PASSWORD_SENT,
  ForgotPasswordRequestSchema,
  MessageResponseSchema,
  ResetPasswordRequestSchema,
  type SignInRequest,
  SignInRequestSchema,
  SignInResponseSchema,
  SignInTwoFactorRequestSchema,
  SignUpRequestSchema,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { isPastCeiling } from '../../plugins/rate-limit.ts';
import type { AppDeps } from '../../types.ts';
import { challengeOf, logout, signIn, signInWithSecondFactor, signUp } from './auth.service.ts';
import { isKnownDevice } from './known-device.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { countPasswordCheck, throttleSignIn } from './sign-in-throttle.ts';

const tags = ['auth'];

/** Sign-up, sign-in and password resets: public. */
export function authRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    const limits = deps.rateLimits;
    // After validation (preHandler), so the email is the normalised one the account is found by.
    const emailOf = (request: FastifyRequest) => String((request.body as { email?: unknown }).email ?? '');
    const knownDevice = (request: FastifyRequest) =>
      isKnownDevice(deps.keys, (request.body as SignInRequest).deviceToken, emailOf(request));

    api.post(
      '/signup',
      {
        onSend: noStore,
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
        onSend: noStore,
        onRequest: limits.perIp('auth'),
        preHandler: throttleSignIn(limits, knownDevice),
        schema: {
          tags,
          summary:
            'Exchange email and password for a bearer token; with two-factor on, for a challenge the code step takes',
          body: SignInRequestSchema,
          response: { 200: SignInResponseSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request) => signIn(deps, request.body, request),
    );

    api.post(
      '/signin/two-factor',
      {
        onSend: noStore,
        onRequest: limits.perIp('auth'),
        // Code guesses are limited like password guesses, per account; a challenge that is not valid fails anyway.
        preHandler: async (request, reply) => {
          const challenge = await challengeOf(deps, request.body.challengeToken);
          if (challenge) await countPasswordCheck(limits, request, reply, `user:${challenge.userId}`);
        },
        schema: {
          tags,
          summary:
            'Finish a two-factor sign-in with the challenge and a code from the app or a recovery code',
          body: SignInTwoFactorRequestSchema,
          response: {
            200: AuthTokenResponseSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request) => signInWithSecondFactor(deps, request.body, request),
    );

    api.post(
      '/forgot-password',
      {
        onRequest: limits.perIp('auth'),
        // An address gets a few links per quarter hour. Past the account's ceiling from all addresses no more
        // links are sent (no mailbox bombing), but the answer stays the same: the owner asking from another
        // address is never refused, and finds the newest link (sent minutes ago) in the mailbox (ADR 037).
        preHandler: limits.perAccount('reset', emailOf, { quietAtCeiling: true }),
        schema: {
          tags,
          summary:
            'Email a single-use link to reset the password (the same answer whether or not the address exists)',
          body: ForgotPasswordRequestSchema,
          response: { 202: MessageResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            isPastCeiling(request)
              ? { message: FORGOT_PASSWORD_SENT }
              : requestPasswordReset(deps, request.body.email, request.log),
          ),
    );

    api.post(
      '/reset-password',
      {
        onRequest: limits.perIp('auth'),
        schema: {
          tags,
          summary: "Set a new password with the link's token; every session of the account ends",
          body: ResetPasswordRequestSchema,
          response: { 200: MessageResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request) => resetPassword(deps, request.body, request),
    );
  });
}

/** Signing out ends the merchant's tokens: signed-in. */
export function sessionRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.post(
      '/logout',
      {
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'End every token issued to the merchant so far',
          response: { 204: z.null(), 401: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        await logout(deps, actorOf(request), request);
        return reply.code(204).send(null);
      },
    );
  });
}
