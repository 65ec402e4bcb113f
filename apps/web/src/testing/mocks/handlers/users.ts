import {
  MessageResponseSchema,
  OtpRequestQuerySchema,
  OtpVerifyRequestSchema,
  OtpVerifyResponseSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, queryOf, requireSession } from '../utils';

const USER_NOT_FOUND = 'User not found';

export const usersHandlers = [
  // Before /api/users/:userId, which would otherwise take "otp" for an id.
  http.get('/api/users/otp', ({ request }) => {
    requireSession(request);
    const { email } = parseOr400(OtpRequestQuerySchema, queryOf(request));
    if (email !== db.user.email) return notFound(USER_NOT_FOUND);
    return contractJson(MessageResponseSchema, { message: 'We sent a 6-digit code to your email address.' });
  }),

  http.post('/api/users/otp', async ({ request }) => {
    requireSession(request);
    const { email, otp } = parseOr400(OtpVerifyRequestSchema, await jsonBody(request));
    if (email !== db.user.email) return notFound(USER_NOT_FOUND);
    if (otp !== db.emailOtp)
      return apiError(400, 'The code is incorrect. Please try again.', 'OTP_INCORRECT');
    db.user = UserSchema.parse({ ...db.user, emailVerified: true });
    return contractJson(OtpVerifyResponseSchema, { message: 'Email address verified', emailVerified: true });
  }),

  http.get('/api/users/:userId', ({ request, params }) => {
    requireSession(request);
    const { userId } = parseOr400(UserIdParamsSchema, params);
    if (userId === db.user.recordId) return contractJson(UserSchema, db.user);
    // A business the person is a member of (issue 23): its account, as the API answers GET /users/{businessId}.
    const membership = db.team.memberships.find((candidate) => candidate.businessId === userId);
    return membership
      ? contractJson(UserSchema, { ...db.user, recordId: userId, businessName: membership.businessName })
      : notFound(USER_NOT_FOUND);
  }),
];
