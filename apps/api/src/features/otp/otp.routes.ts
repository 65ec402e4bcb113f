import {
  ApiErrorSchema,
  MessageResponseSchema,
  OtpRequestQuerySchema,
  OtpVerifyRequestSchema,
  OtpVerifyResponseSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { createOtpSecret, sendEmailOtp, verifyEmailOtp } from './otp.service.ts';

/** GET/POST /api/users/otp: email verification codes for the signed-in merchant. */
export function otpRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    const limits = deps.rateLimits;
    const secret = createOtpSecret(deps.keys);
    const common = { tags: ['users'] };
    const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
    const perAccount = (group: string) => limits.perAccount(group, (request) => actorOf(request).ownerId);

    api.get(
      '/otp',
      {
        onRequest: [limits.perIp('otp'), perAccount('otp-send')],
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          ...common,
          summary: 'Email a 6-digit verification code (valid 10 minutes, single use)',
          querystring: OtpRequestQuerySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => sendEmailOtp(deps, secret, actorOf(request).ownerId, request.query.email),
    );

    api.post(
      '/otp',
      {
        onRequest: [limits.perIp('otp'), perAccount('otp-verify')],
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          ...common,
          summary: 'Check a verification code and mark the email address verified',
          body: OtpVerifyRequestSchema,
          response: { 200: OtpVerifyResponseSchema, ...errors },
        },
      },
      async (request) => verifyEmailOtp(deps, secret, actorOf(request).ownerId, request.body),
    );
  });
}
