import { AuthTokenResponseSchema, SignInRequestSchema, SignUpRequestSchema } from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { buildToken, buildUser } from '../../factories';
import { db } from '../db';
import { apiError, contractJson, jsonBody, parseOr400, requireSession } from '../utils';

export const authHandlers = [
  http.post('/api/auth/signin', async ({ request }) => {
    const { email, password } = parseOr400(SignInRequestSchema, await jsonBody(request));
    if (email !== db.user.email || password !== db.password) {
      return apiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS');
    }
    return contractJson(AuthTokenResponseSchema, { token: buildToken(), userId: db.user.recordId });
  }),

  http.post('/api/auth/signup', async ({ request }) => {
    const { password, ...profile } = parseOr400(SignUpRequestSchema, await jsonBody(request));
    if (profile.email === db.user.email) {
      return apiError(409, 'An account with this email already exists. Sign in instead.', 'EMAIL_TAKEN');
    }
    db.user = buildUser({
      ...profile,
      recordId: crypto.randomUUID(),
      status: 'PENDING_KYC',
      emailVerified: false,
    });
    db.password = password;
    return contractJson(AuthTokenResponseSchema, { token: buildToken(), userId: db.user.recordId }, 201);
  }),

  http.post('/api/auth/logout', ({ request }) => {
    requireSession(request);
    return new HttpResponse(null, { status: 204 });
  }),
];
