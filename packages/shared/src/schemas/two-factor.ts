import { z } from 'zod';
import { AuthTokenResponseSchema } from './auth.ts';

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s), ADR 027. */
export const TWO_FACTOR_RULES = { digits: 6, periodSeconds: 30, recoveryCodes: 10 } as const;

export const TWO_FACTOR_ENABLED = 'Two-factor authentication is on';
export const TWO_FACTOR_DISABLED = 'Two-factor authentication is off';
export const RECOVERY_CODES_REPLACED = 'New recovery codes generated';
export const TWO_FACTOR_CODE_INCORRECT =
  'That code is not right. Check your authenticator app and try again.';
/** A right code whose 30 seconds were already used for the same purpose: why, and when the next one comes. */
export const twoFactorCodeUsed = (seconds: number) =>
  `That code was already used. Enter the next code your authenticator app shows, in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`;
export const TWO_FACTOR_ALREADY_ENABLED = 'Two-factor authentication is already on';
export const TWO_FACTOR_NOT_ENABLED = 'Two-factor authentication is not on';
export const TWO_FACTOR_SETUP_MISSING = 'Start the set-up again: scan a new QR code';
export const TWO_FACTOR_CHALLENGE_EXPIRED =
  'This sign-in took too long. Enter your email and password again.';

const APP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
const ANY_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app or a recovery code';

/** People paste codes with spaces ("123 456") and recovery codes in any case: compare them without either. */
const compact = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[\s-]/g, '').toLowerCase() : value;

/** A code from the authenticator app. */
const appCodeField = z.preprocess(
  compact,
  z
    .string({ error: APP_CODE_MESSAGE })
    .regex(new RegExp(`^\\d{${TWO_FACTOR_RULES.digits}}$`), APP_CODE_MESSAGE),
);

/** A code from the app, or one of the ten single-use recovery codes (ten letters and digits, shown as xxxxx-xxxxx). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{10}$/;
export const secondFactorCodeField = z.preprocess(
  compact,
  z
    .string({ error: ANY_CODE_MESSAGE })
    .refine(
      (code) =>
        new RegExp(`^\\d{${TWO_FACTOR_RULES.digits}}$`).test(code) || RECOVERY_CODE_PATTERN.test(code),
      ANY_CODE_MESSAGE,
    ),
);

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new secret waiting for its first code: scanned from the QR code (an SVG drawn by the server) or typed in. */
export const TwoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const EnableTwoFactorRequestSchema = z.object({ code: appCodeField });
export type EnableTwoFactorRequest = z.infer<typeof EnableTwoFactorRequestSchema>;

/** The recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

export const RegenerateRecoveryCodesRequestSchema = z.object({ code: appCodeField });
export type RegenerateRecoveryCodesRequest = z.infer<typeof RegenerateRecoveryCodesRequestSchema>;

export const DisableTwoFactorRequestSchema = z.object({
  password: z
    .string({ error: 'Current Password is required' })
    .min(1, 'Current Password is required')
    .max(1024, 'Current Password is too long'),
  code: secondFactorCodeField,
});
export type DisableTwoFactorRequest = z.infer<typeof DisableTwoFactorRequestSchema>;

/** Sign-in with the right password of an account with two-factor on: the code comes next, with this challenge. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const SignInResponseSchema = z.union([AuthTokenResponseSchema, TwoFactorChallengeSchema]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const SignInTwoFactorRequestSchema = z.object({
  challengeToken: z
    .string({ error: TWO_FACTOR_CHALLENGE_EXPIRED })
    .min(1, TWO_FACTOR_CHALLENGE_EXPIRED)
    .max(512, TWO_FACTOR_CHALLENGE_EXPIRED),
  code: secondFactorCodeField,
});
export type SignInTwoFactorRequest = z.infer<typeof SignInTwoFactorRequestSchema>;

/** How a recovery code is shown: two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
