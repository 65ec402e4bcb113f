import { ApiErrorSchema, KycStartResponseSchema, KycStatusSchema, UserIdParamsSchema } from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { getKycStatus, startVerification } from './kyc.service.ts';

/** The merchant's side of KYC (signed-in scope): where it stands, and starting a verification. */
export function kycRoutes(deps: AppDeps) {
  return typedRoutes(async (typed) => {
    typed.get(
      '/:userId',
      {
        config: { dashboardOnly: true, permission: 'settings.manage' },
        schema: {
          tags: ['kyc'],
          summary: "The user's KYC status, and the reason of the latest rejection while it is KYC_FAILED",
          params: UserIdParamsSchema,
          response: { 200: KycStatusSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getKycStatus(deps, actorOf(request)),
    );

    typed.post(
      '/:userId/verifications',
      {
        config: { dashboardOnly: true, permission: 'settings.manage' },
        schema: {
          tags: ['kyc'],
          summary:
            'Starts an identity verification with the identity provider (from PENDING_KYC, or KYC_FAILED to retry) ' +
            'and answers the URL of its widget',
          params: UserIdParamsSchema,
          response: {
            201: KycStartResponseSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const started = await startVerification(deps, actorOf(request));
        return reply.code(201).send(started);
      },
    );
  });
}
