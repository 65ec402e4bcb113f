import {
  AuthTokenResponseSchema,
  FORGOT_PASSWORD_SENT,
  ForgotPasswordRequestSchema,
  MessageResponseSchema,
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SignInTwoFactorRequestSchema,
  SignUpRequestSchema,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INCORRECT,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { buildToken, buildUser } from '../../factories';
import { CHALLENGE_TOKEN, db } from '../db';
import { apiError, contractJson, jsonBody, parseOr400, requireSession } from '../utils';
import { acceptSecondFactor } from './two-factor';

/** What a successful sign-in gives the device, sent back with the next sign-in (ADR 037). */
export const KNOWN_DEVICE_TOKEN = 'known-device-token';

export const authHandlers = [
  http.post('/api/auth/signin', async ({ request }) => {
    const { email, password } = parseOr400(SignInRequestSchema, await jsonBody(request));
    if (email !== db.user.email || password !== db.password) {
      return apiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS');
    }
    if (db.twoFactor.enabledAt) {
      return contractJson(SignInResponseSchema, { twoFactorRequired: true, challengeToken: CHALLENGE_TOKEN });
    }
    return contractJson(SignInResponseSchema, { token: buildToken(), userId: db.user.recordId });
  }),

  http.post('/api/auth/signin/two-factor', async ({ request }) => {
    const { challengeToken, code } = parseOr400(SignInTwoFactorRequestSchema, await jsonBody(request));
    if (challengeToken !== CHALLENGE_TOKEN) {
      return apiError(401, TWO_FACTOR_CHALLENGE_EXPIRED, 'TWO_FACTOR_CHALLENGE_EXPIRED');
    }
    if (!acceptSecondFactor(code)) return apiError(401, TWO_FACTOR_CODE_INCORRECT, 'SIGN_IN_CODE_INCORRECT');
    return contractJson(AuthTokenResponseSchema, {
      token: buildToken(),
      userId: db.user.recordId,
      deviceToken: KNOWN_DEVICE_TOKEN,
    });
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

  // The same answer for every address, as the API gives it.
  http.post('/api/auth/forgot-password', async ({ request }) => {
    parseOr400(ForgotPasswordRequestSchema, await jsonBody(request));
    return contractJson(MessageResponseSchema, { message: FORGOT_PASSWORD_SENT }, 202);
  }),

  http.post('/api/auth/reset-password', async ({ request }) => {
    const { token, password } = parseOr400(ResetPasswordRequestSchema, await jsonBody(request));
    if (token !== db.resetToken) return apiError(400, RESET_LINK_INVALID, 'RESET_LINK_INVALID');
    db.resetToken = null;
    db.password = password;
    return contractJson(MessageResponseSchema, { message: PASSWORD_RESET_DONE });
  }),

  http.post('/api/auth/logout', ({ request }) => {
    requireSession(request);
    return new HttpResponse(null, { status: 204 });
  }),
];
