import { z } from 'zod';
import { OTP_RULES } from '../constants.ts';
import { emailField, newPasswordField, phoneField, requiredText, TEXT_LIMITS } from './fields.ts';

export const SignUpRequestSchema = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: requiredText('First Name', 2, TEXT_LIMITS.name),
  lastName: requiredText('Last Name', 2, TEXT_LIMITS.name),
  phoneNumber: phoneField,
  businessName: requiredText('Company Name', 2, TEXT_LIMITS.businessName),
  countryOfBusiness: requiredText('Country of Business', 2, TEXT_LIMITS.country),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.object({
  email: emailField,
  // Sign-in never tells which rule a stored password follows; it only needs one.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const AuthTokenResponseSchema = z.object({ token: z.string(), userId: z.uuid() });
export type AuthTokenResponse = z.infer<typeof AuthTokenResponseSchema>;

export const OtpRequestQuerySchema = z.object({ email: emailField });
export type OtpRequestQuery = z.infer<typeof OtpRequestQuerySchema>;

export const OtpVerifyRequestSchema = z.object({
  email: emailField,
  otp: z
    .string({ error: 'OTP is required' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_RULES.length}}$`), `OTP must be ${OTP_RULES.length} digits`),
});
export type OtpVerifyRequest = z.infer<typeof OtpVerifyRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const OtpVerifyResponseSchema = z.object({ message: z.string(), emailVerified: z.boolean() });
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponseSchema>;
