import {
  KYC_SELFIE_REQUIRED,
  KycStartResponseSchema,
  KycStatusSchema,
  KycSubmissionSchema,
  type SandboxKycSession,
  SandboxKycSessionParamsSchema,
  SandboxKycSessionSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

/** The sandbox's test numbers as the API lists them (README "KYC sandbox"). */
const TEST_NUMBERS: SandboxKycSession['testNumbers'] = [
  { idType: 'BVN', number: '22222222222', outcome: 'Approved at once' },
  { idType: 'BVN', number: '22222222233', outcome: 'Rejected: the details do not match' },
  { idType: 'BVN', number: '22222222244', outcome: 'In review, approved a minute later' },
  { idType: 'NIN', number: '11111111111', outcome: 'Approved at once' },
  { idType: 'PASSPORT', number: 'A00000001', outcome: 'Approved at once' },
  { idType: 'SSN_LAST4', number: '0001', outcome: 'Approved at once' },
];
export const KYC_REJECTION = 'The name and date of birth on this ID do not match the details you entered.';

/** A session the widget can open, as POST /api/kyc/{userId}/verifications makes one. */
export function openKycSession(sessionId = crypto.randomUUID()): string {
  db.kyc.sessions.set(sessionId, {
    sessionId,
    status: 'OPEN',
    reason: null,
    hasSelfie: false,
    testNumbers: TEST_NUMBERS,
  });
  return sessionId;
}

/** The user's status changes as the provider's callback would change it. */
export function setKycOutcome(status: (typeof db.user)['status'], reason: string | null = null): void {
  db.user = UserSchema.parse({ ...db.user, status });
  db.kyc.reason = reason;
}

export const kycHandlers = [
  http.get('/api/kyc/:userId', ({ request, params }) => {
    requireSession(request);
    const { userId } = parseOr400(UserIdParamsSchema, params);
    if (userId !== db.user.recordId) return notFound('User not found');
    return contractJson(KycStatusSchema, {
      status: db.user.status,
      reason: db.user.status === 'KYC_FAILED' ? db.kyc.reason : null,
      updatedAt: null,
    });
  }),

  http.post('/api/kyc/:userId/verifications', ({ request, params }) => {
    requireSession(request);
    const { userId } = parseOr400(UserIdParamsSchema, params);
    if (userId !== db.user.recordId) return notFound('User not found');
    if (db.user.status === 'ACTIVE')
      return apiError(409, 'KYC verification is already complete.', 'KYC_COMPLETE');
    const sessionId = openKycSession();
    return contractJson(KycStartResponseSchema, { widgetUrl: `/kyc/sandbox?session=${sessionId}` }, 201);
  }),

  http.get('/api/sandbox/identity/sessions/:sessionId', ({ params }) => {
    const { sessionId } = parseOr400(SandboxKycSessionParamsSchema, params);
    const session = db.kyc.sessions.get(sessionId);
    return session
      ? contractJson(SandboxKycSessionSchema, session)
      : notFound('This verification link is not valid or has expired. Start again from Bizdash.');
  }),

  http.post('/api/sandbox/identity/sessions/:sessionId/selfie', async ({ params }) => {
    const { sessionId } = parseOr400(SandboxKycSessionParamsSchema, params);
    const session = db.kyc.sessions.get(sessionId);
    if (session?.status !== 'OPEN')
      return notFound('This verification link is not valid or has expired. Start again from Bizdash.');
    const next = { ...session, hasSelfie: true };
    db.kyc.sessions.set(sessionId, next);
    return contractJson(SandboxKycSessionSchema, next);
  }),

  http.post('/api/sandbox/identity/sessions/:sessionId/submit', async ({ request, params }) => {
    const { sessionId } = parseOr400(SandboxKycSessionParamsSchema, params);
    const submission = parseOr400(KycSubmissionSchema, await jsonBody(request));
    const session = db.kyc.sessions.get(sessionId);
    if (!session)
      return notFound('This verification link is not valid or has expired. Start again from Bizdash.');
    if (session.status !== 'OPEN')
      return apiError(409, 'This verification was already submitted.', 'KYC_ALREADY_SUBMITTED');
    if (!session.hasSelfie) return apiError(400, KYC_SELFIE_REQUIRED, 'KYC_SELFIE_REQUIRED');
    const approved = TEST_NUMBERS.some(
      (test) => test.number === submission.idNumber && test.outcome === 'Approved at once',
    );
    const inReview = submission.idNumber === '22222222244';
    const next: SandboxKycSession = approved
      ? { ...session, status: 'APPROVED' }
      : inReview
        ? { ...session, status: 'IN_REVIEW' }
        : { ...session, status: 'REJECTED', reason: KYC_REJECTION };
    db.kyc.sessions.set(sessionId, next);
    setKycOutcome(approved ? 'ACTIVE' : inReview ? 'IN_REVIEW' : 'KYC_FAILED', next.reason);
    return contractJson(SandboxKycSessionSchema, next);
  }),
];
