import { z } from 'zod';
import { isSupportedCountry, SUPPORTED_COUNTRIES, UNSUPPORTED_COUNTRY } from '../business/countries.ts';
import { OTP_RULES } from '../constants.ts';
import {
  emailField,
  newPasswordField,
  phoneField,
  refuseControlCharacters,
  requiredText,
  TEXT_LIMITS,
} from './fields.ts';

/** One of a list at sign-up, and never edited afterwards (SPEC section 6): accounts made before the list keep theirs. */
const countryOfBusinessField = refuseControlCharacters(
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Country of Business is required' : 'Country of Business must be text',
    })
    .trim()
    .min(1, 'Country of Business is required'),
  'Country of Business',
)
  .refine((country) => country === '' || isSupportedCountry(country), UNSUPPORTED_COUNTRY)
  .describe(`One of: ${SUPPORTED_COUNTRIES.join(', ')}`);

export const SignUpRequestSchema = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: requiredText('First Name', 2, TEXT_LIMITS.name),
  lastName: requiredText('Last Name', 2, TEXT_LIMITS.name),
  phoneNumber: phoneField,
  businessName: requiredText('Company Name', 2, TEXT_LIMITS.businessName),
  countryOfBusiness: countryOfBusinessField,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.object({
  email: emailField,
  // Sign-in never tells which rule a stored password follows; it only needs one.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  /** The deviceToken an earlier sign-in on this device answered: a known device gets in past the account's ceiling. */
  deviceToken: z.string().max(1024).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const AuthTokenResponseSchema = z.object({
  token: z.string(),
  userId: z.uuid(),
  /** Sent with later sign-ins from this device (ADR 037); answered by sign-up and sign-in. */
  deviceToken: z.string().optional(),
});
export type AuthTokenResponse = z.infer<typeof AuthTokenResponseSchema>;

export const OtpRequestQuerySchema = z.object({ email: emailField });
export type OtpRequestQuery = z.infer<typeof OtpRequestQuerySchema>;

export const OtpVerifyRequestSchema = z.object({
  email: emailField,
  otp: z
    .string({ error: 'OTP is required' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_RULES.length}}$`), `Enter the ${OTP_RULES.length}-digit code`),
});
export type OtpVerifyRequest = z.infer<typeof OtpVerifyRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const OtpVerifyResponseSchema = z.object({ message: z.string(), emailVerified: z.boolean() });
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponseSchema>;

/** "Forgot password?": the same answer whether or not the address has an account. */
export const ForgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;
export const FORGOT_PASSWORD_SENT =
  'If an account uses this email, we have sent it a link to reset the password. The link works once, for 30 minutes.';

/** The link's token (32 random bytes, base64url) and the new password, under the sign-up rules. */
export const ResetPasswordRequestSchema = z.object({
  token: z
    .string({ error: 'This reset link is incomplete. Open the link from the email again.' })
    .regex(/^[\w-]{43}$/, 'This reset link is incomplete. Open the link from the email again.'),
  password: newPasswordField,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';
export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';
