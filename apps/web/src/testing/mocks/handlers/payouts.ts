import {
  ConfirmPayoutRequestSchema,
  CreatePayoutRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  OTP_RULES,
  PAYOUT_MESSAGES,
  type Payout,
  PayoutIdParamsSchema,
  PayoutListSchema,
  PayoutSchema,
  PayoutTermsSchema,
  payoutFee,
  TWO_FACTOR_CODE_INCORRECT,
} from '@bizdash/shared';
import { http } from 'msw';
import { db, PAYOUT_EMAIL_CODE, TWO_FACTOR_APP_CODE } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

function findPayout(params: unknown): Payout {
  const { payoutId } = parseOr400(PayoutIdParamsSchema, params);
  const payout = db.payouts.find((candidate) => candidate.id === payoutId);
  if (!payout) throw notFound('Payout not found');
  return payout;
}

/** Changes a payout as the rail would (tests move it along). */
export function updatePayout(id: string, changes: Partial<Payout>): void {
  db.payouts = db.payouts.map((payout) =>
    payout.id === id ? PayoutSchema.parse({ ...payout, ...changes }) : payout,
  );
}

/** Payouts over db.payouts, to db.bankAccounts from db.wallets. */
export const payoutsHandlers = [
  http.get('/api/payouts/terms', ({ request }) => {
    requireSession(request);
    return contractJson(PayoutTermsSchema, db.payoutTerms);
  }),

  http.get('/api/payouts', ({ request }) => {
    requireSession(request);
    return contractJson(PayoutListSchema, { payouts: db.payouts });
  }),

  http.post('/api/payouts', async ({ request }) => {
    requireSession(request);
    const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
    if (!key) return apiError(400, 'Idempotency-Key header is required', 'VALIDATION_ERROR');
    const input = parseOr400(CreatePayoutRequestSchema, await jsonBody(request));
    const replay = db.payoutKeys.get(key);
    if (replay) return contractJson(PayoutSchema, findPayout({ payoutId: replay }), 201);
    const wallet = db.wallets.find((candidate) => candidate.walletId === input.walletId);
    if (!wallet) return notFound('Wallet not found');
    const account = db.bankAccounts.find((candidate) => candidate.recordId === input.bankAccountId);
    if (!account) return notFound('Bank account not found');
    if (db.user.status !== 'ACTIVE') return apiError(409, PAYOUT_MESSAGES.kycRequired, 'KYC_REQUIRED');
    if (db.payoutRefusal) {
      const { status, error, code } = db.payoutRefusal;
      return apiError(status, error, code);
    }
    const terms = db.payoutTerms.currencies.find((entry) => entry.currency === wallet.currency);
    const fee = payoutFee(terms?.feeTiers ?? [], input.amount);
    const payout = PayoutSchema.parse({
      id: crypto.randomUUID(),
      walletId: wallet.walletId,
      bankAccountId: account.recordId,
      currency: wallet.currency,
      amount: input.amount,
      fee,
      total: input.amount + fee,
      status: 'PENDING_CONFIRMATION',
      confirmation: db.payoutTerms.twoFactor ? 'two_factor' : 'email',
      confirmBy: new Date(Date.now() + OTP_RULES.ttlMinutes * 60_000).toISOString(),
      bankName: account.bankName,
      accountHolderName: account.accountHolderName,
      accountNumberMasked: account.accountNumberMasked.padStart(8, '*'),
      transactionId: null,
      failureReason: null,
      arrivalEstimate: terms?.arrivalEstimate ?? '',
      createdAt: new Date().toISOString(),
      settledAt: null,
    });
    db.payouts = [payout, ...db.payouts];
    db.payoutKeys.set(key, payout.id);
    return contractJson(PayoutSchema, payout, 201);
  }),

  http.post('/api/payouts/:payoutId/confirm', async ({ request, params }) => {
    requireSession(request);
    const payout = findPayout(params);
    const { code } = parseOr400(ConfirmPayoutRequestSchema, await jsonBody(request));
    if (payout.status !== 'PENDING_CONFIRMATION')
      return apiError(409, PAYOUT_MESSAGES.notPending, 'PAYOUT_NOT_PENDING');
    const expected = payout.confirmation === 'two_factor' ? TWO_FACTOR_APP_CODE : PAYOUT_EMAIL_CODE;
    if (code !== expected) {
      return payout.confirmation === 'two_factor'
        ? apiError(400, TWO_FACTOR_CODE_INCORRECT, 'TWO_FACTOR_CODE_INCORRECT')
        : apiError(400, 'The code is incorrect. Please try again.', 'OTP_INCORRECT');
    }
    updatePayout(payout.id, { status: 'PROCESSING', transactionId: crypto.randomUUID(), confirmBy: null });
    return contractJson(PayoutSchema, findPayout(params));
  }),

  http.post('/api/payouts/:payoutId/resend-code', ({ request, params }) => {
    requireSession(request);
    const payout = findPayout(params);
    if (payout.status !== 'PENDING_CONFIRMATION')
      return apiError(409, PAYOUT_MESSAGES.notPending, 'PAYOUT_NOT_PENDING');
    if (payout.confirmation !== 'email')
      return apiError(409, PAYOUT_MESSAGES.notEmailConfirmed, 'NOT_EMAIL_CONFIRMED');
    db.payoutCodesResent += 1;
    updatePayout(payout.id, {
      confirmBy: new Date(Date.now() + OTP_RULES.ttlMinutes * 60_000).toISOString(),
    });
    return contractJson(PayoutSchema, findPayout(params));
  }),

  http.get('/api/payouts/:payoutId', ({ request, params }) => {
    requireSession(request);
    return contractJson(PayoutSchema, findPayout(params));
  }),
];
