import {
  CURRENT_PASSWORD_INCORRECT,
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  formatRecoveryCode,
  MessageResponseSchema,
  RECOVERY_CODES_REPLACED,
  RecoveryCodesResponseSchema,
  RegenerateRecoveryCodesRequestSchema,
  TWO_FACTOR_ALREADY_ENABLED,
  TWO_FACTOR_CODE_INCORRECT,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_NOT_ENABLED,
  TWO_FACTOR_SETUP_MISSING,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db, NEW_RECOVERY_CODES, RECOVERY_CODES, TWO_FACTOR_APP_CODE, TWO_FACTOR_SECRET } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

/** A tiny SVG standing in for the QR code the API draws. */
const QR_CODE_DATA_URL = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0zM2 2h2v2H2z"/></svg>',
)}`;

function ownUserId(request: Request, params: unknown): string {
  requireSession(request);
  const { userId } = parseOr400(UserIdParamsSchema, params);
  if (userId !== db.user.recordId) throw notFound('User not found');
  return userId;
}

const incorrectCode = () => apiError(400, TWO_FACTOR_CODE_INCORRECT, 'TWO_FACTOR_CODE_INCORRECT');

/** The app's code, or an unused recovery code (used up): what sign-in and turning it off accept. */
export function acceptSecondFactor(code: string): boolean {
  if (code === TWO_FACTOR_APP_CODE) return true;
  const index = db.twoFactor.recoveryCodes.indexOf(code);
  if (index === -1) return false;
  db.twoFactor.recoveryCodes.splice(index, 1);
  return true;
}

function requireEnabled() {
  if (!db.twoFactor.enabledAt) throw apiError(400, TWO_FACTOR_NOT_ENABLED, 'TWO_FACTOR_NOT_ENABLED');
}

const recoveryCodesResponse = (message: string, codes: string[]) =>
  contractJson(RecoveryCodesResponseSchema, { message, recoveryCodes: codes.map(formatRecoveryCode) });

export const twoFactorHandlers = [
  http.get('/api/users/:userId/two-factor', ({ request, params }) => {
    ownUserId(request, params);
    const { enabledAt, recoveryCodes } = db.twoFactor;
    return contractJson(TwoFactorStatusSchema, {
      enabled: enabledAt !== null,
      enabledAt,
      recoveryCodesLeft: enabledAt ? recoveryCodes.length : 0,
    });
  }),

  http.post('/api/users/:userId/two-factor/setup', ({ request, params }) => {
    ownUserId(request, params);
    if (db.twoFactor.enabledAt) return apiError(400, TWO_FACTOR_ALREADY_ENABLED, 'BAD_REQUEST');
    db.twoFactor.pendingSecret = TWO_FACTOR_SECRET;
    return contractJson(TwoFactorSetupResponseSchema, {
      secret: TWO_FACTOR_SECRET,
      otpauthUrl: `otpauth://totp/Bizdash:${encodeURIComponent(db.user.email)}?secret=${TWO_FACTOR_SECRET}&issuer=Bizdash`,
      qrCodeDataUrl: QR_CODE_DATA_URL,
    });
  }),

  http.post('/api/users/:userId/two-factor/enable', async ({ request, params }) => {
    ownUserId(request, params);
    const { code } = parseOr400(EnableTwoFactorRequestSchema, await jsonBody(request));
    if (!db.twoFactor.pendingSecret)
      return apiError(400, TWO_FACTOR_SETUP_MISSING, 'TWO_FACTOR_SETUP_MISSING');
    if (db.twoFactor.enabledAt) return apiError(400, TWO_FACTOR_ALREADY_ENABLED, 'BAD_REQUEST');
    if (code !== TWO_FACTOR_APP_CODE) return incorrectCode();
    db.twoFactor = {
      enabledAt: new Date().toISOString(),
      pendingSecret: null,
      recoveryCodes: [...RECOVERY_CODES],
    };
    return recoveryCodesResponse(TWO_FACTOR_ENABLED, RECOVERY_CODES);
  }),

  http.post('/api/users/:userId/two-factor/recovery-codes', async ({ request, params }) => {
    ownUserId(request, params);
    const { code } = parseOr400(RegenerateRecoveryCodesRequestSchema, await jsonBody(request));
    requireEnabled();
    if (code !== TWO_FACTOR_APP_CODE) return incorrectCode();
    db.twoFactor.recoveryCodes = [...NEW_RECOVERY_CODES];
    return recoveryCodesResponse(RECOVERY_CODES_REPLACED, NEW_RECOVERY_CODES);
  }),

  http.post('/api/users/:userId/two-factor/disable', async ({ request, params }) => {
    ownUserId(request, params);
    const { password, code } = parseOr400(DisableTwoFactorRequestSchema, await jsonBody(request));
    if (password !== db.password) {
      return apiError(400, CURRENT_PASSWORD_INCORRECT, 'CURRENT_PASSWORD_INCORRECT');
    }
    requireEnabled();
    if (!acceptSecondFactor(code)) return incorrectCode();
    db.twoFactor = { enabledAt: null, pendingSecret: null, recoveryCodes: [] };
    return contractJson(MessageResponseSchema, { message: TWO_FACTOR_DISABLED });
  }),
];
