import { z } from 'zod';
import { AuthTokenResponseSchema } from './auth.ts';
import { newPasswordField } from './fields.ts';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_UPDATED = 'Password updated successfully';
export const PASSWORD_UPDATE_FAILED = 'Unable to update profile';

/** SPEC section 5: each rule of the new password has its own message; confirm must repeat it. */
export const ChangePasswordRequestSchema = z
  .object({
    password: z
      .string({ error: 'Current Password is required' })
      .min(1, 'Current Password is required')
      .max(1024, 'Current Password is too long'),
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .max(1024),
  })
  // An empty confirmation already has its own message; 'Passwords must match' would only repeat the problem.
  .refine((values) => values.confirmPassword === '' || values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords must match',
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** "Sign out everywhere": every other session ends; this one carries on with the fresh token. */
export const SignOutEverywhereResponseSchema = AuthTokenResponseSchema;
export type SignOutEverywhereResponse = z.infer<typeof SignOutEverywhereResponseSchema>;
