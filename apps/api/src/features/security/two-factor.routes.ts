import {
  ApiErrorSchema,
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  MessageResponseSchema,
  RecoveryCodesResponseSchema,
  RegenerateRecoveryCodesRequestSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { countPasswordCheck } from '../auth/index.ts';
import { throttleKeyOf } from './security.service.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
  twoFactorStatus,
} from './two-factor.service.ts';

const tags = ['security'];

/** Two-factor sign-in with an authenticator app, under /api/users/{userId}/two-factor (ADR 027). */
export function twoFactorRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
  return typedRoutes(async (typed) => {
    const limits = deps.rateLimits;
    // Every code guess counts with the account's password guesses (the sign-in throttle).
    const countGuess = async (request: FastifyRequest, reply: Parameters<typeof countPasswordCheck>[2]) =>
      countPasswordCheck(limits, request, reply, await throttleKeyOf(deps, actorOf(request)));
    /** What every route that checks a code from the app takes: throttled, counted, never cached, no API keys. */
    const checksACode = {
      onSend: noStore,
      onRequest: limits.perIp('auth'),
      preHandler: countGuess,
      config: { dashboardOnly: true, permission: 'self' as const },
    };

    typed.get(
      '/:userId/two-factor',
      {
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'Whether two-factor sign-in is on, since when, and how many recovery codes are left',
          params: UserIdParamsSchema,
          response: { 200: TwoFactorStatusSchema, ...errors },
        },
      },
      async (request) => twoFactorStatus(deps, actorOf(request)),
    );

    typed.post(
      '/:userId/two-factor/setup',
      {
        onSend: noStore,
        onRequest: limits.perIp('auth'),
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary:
            'Start the set-up: a new secret with its otpauth URL and QR code (SVG), waiting for a code',
          params: UserIdParamsSchema,
          response: { 200: TwoFactorSetupResponseSchema, ...errors },
        },
      },
      async (request) => setupTwoFactor(deps, actorOf(request)),
    );

    typed.post(
      '/:userId/two-factor/enable',
      {
        ...checksACode,
        schema: {
          tags,
          summary: 'Turn two-factor on with a code from the app; answers the ten recovery codes, shown once',
          params: UserIdParamsSchema,
          body: EnableTwoFactorRequestSchema,
          response: { 200: RecoveryCodesResponseSchema, ...errors },
        },
      },
      async (request) => enableTwoFactor(deps, actorOf(request), request.body, request),
    );

    typed.post(
      '/:userId/two-factor/recovery-codes',
      {
        ...checksACode,
        schema: {
          tags,
          summary: 'Replace the recovery codes (a code from the app required); the old ones stop working',
          params: UserIdParamsSchema,
          body: RegenerateRecoveryCodesRequestSchema,
          response: { 200: RecoveryCodesResponseSchema, ...errors },
        },
      },
      async (request) => regenerateRecoveryCodes(deps, actorOf(request), request.body, request),
    );

    typed.post(
      '/:userId/two-factor/disable',
      {
        onRequest: limits.perIp('auth'),
        preHandler: countGuess,
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'Turn two-factor off with the password and a code (from the app or a recovery code)',
          params: UserIdParamsSchema,
          body: DisableTwoFactorRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => disableTwoFactor(deps, actorOf(request), request.body, request),
    );
  });
}
