import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';

/** Field rules of SPEC section 5, shared by forms and API so both say the same thing. */
export const requiredText = (label: string, min: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(min, `Must be at least ${min} characters long`);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Email is invalid'))
  .transform((email) => email.toLowerCase());

export const phoneField = z
  .string({ error: 'Phone Number is required' })
  .trim()
  .min(1, 'Phone Number is required')
  .regex(/^\+?\d{10,15}$/, 'Enter a valid phone number');

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`)
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/\d/, 'Password must contain at least one number')
  .regex(/[@$!%*?&#]/, 'Password must contain at least one special character (@$!%*?&#)');

export const currencyField = z.enum(CURRENCIES);

export const uuidField = z.uuid();
