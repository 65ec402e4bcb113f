import {
  ChangePasswordRequestSchema,
  CURRENT_PASSWORD_INCORRECT,
  MessageResponseSchema,
  PASSWORD_UPDATED,
  SignOutEverywhereResponseSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { buildToken } from '../../factories';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

function ownUserId(params: unknown): string {
  const { userId } = parseOr400(UserIdParamsSchema, params);
  if (userId !== db.user.recordId) throw notFound('User not found');
  return userId;
}

export const securityHandlers = [
  http.put('/api/users/:userId/change-password', async ({ request, params }) => {
    requireSession(request);
    ownUserId(params);
    const body = parseOr400(ChangePasswordRequestSchema, await jsonBody(request));
    if (body.password !== db.password) {
      return apiError(400, CURRENT_PASSWORD_INCORRECT, 'CURRENT_PASSWORD_INCORRECT');
    }
    db.password = body.newPassword;
    return contractJson(MessageResponseSchema, { message: PASSWORD_UPDATED });
  }),

  http.post('/api/users/:userId/sign-out-everywhere', ({ request, params }) => {
    requireSession(request);
    const userId = ownUserId(params);
    return contractJson(SignOutEverywhereResponseSchema, {
      token: buildToken({ expiresInSeconds: 7200 }),
      userId,
    });
  }),
];
