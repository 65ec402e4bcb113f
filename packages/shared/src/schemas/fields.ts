import { z } from 'zod';
import { CURRENCIES, type Currency } from '../constants.ts';

// Control characters (NUL, escape sequences, backspace...) have no place in what people type: the database refuses
// NUL, and the others garble exports, logs and emails. Multi-line texts keep their line breaks and tabs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The rule every typed text shares: no control characters, said with the field's name. */
export const refuseControlCharacters = <T extends z.ZodType<string>>(
  schema: T,
  label: string,
  { multiline = false } = {},
) => {
  const pattern = multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS;
  return schema.refine((text) => !pattern.test(text), `${label} contains a character that is not allowed`);
};

/** Longest names people type (the longest country name in English is 56 characters). */
export const TEXT_LIMITS = { name: 50, businessName: 100, country: 56, customerName: 100 } as const;

/** Field rules of SPEC section 5, shared by forms and API so both say the same thing. */
export const requiredText = (label: string, min: number, max: number) =>
  refuseControlCharacters(
    z
      .string({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
      })
      .trim()
      .min(1, `${label} is required`)
      .min(min, `Must be at least ${min} characters long`)
      .max(max, `${label} is at most ${max} characters`),
    label,
  );

/** A number the body must carry: missing and wrongly typed (a "2" in quotes) say different things. */
export const requiredNumber = (label: string) =>
  z.number({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
  });

/** An optional text that may run over several lines; empty becomes null. */
export const optionalMultilineText = (label: string, max: number) =>
  refuseControlCharacters(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} is at most ${max} characters`),
    label,
    { multiline: true },
  )
    .nullish()
    .transform((text) => text || null);

/** Dates a merchant can mean: anything outside is a typo (year 0000) or an attack, never a business day. */
export const DATE_BOUNDS = { min: '2000-01-01', max: '2099-12-31' } as const;
const DATE_BOUNDS_MESSAGE = 'Dates must be between 1 Jan 2000 and 31 Dec 2099';
const withinDateBounds = (value: string) => {
  const day = value.slice(0, 10);
  return day >= DATE_BOUNDS.min && day <= DATE_BOUNDS.max;
};

/** A calendar day, YYYY-MM-DD, within DATE_BOUNDS; what is no date at all is told only that. */
export const dayField = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(withinDateBounds, DATE_BOUNDS_MESSAGE);

/**
 * For a rule across fields (a period's start before its end): checked only once every field is valid, so a
 * wrong field is told once, not again through a rule computed from it.
 */
export const whenFieldsValid = {
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** An ISO date-time with its offset, within DATE_BOUNDS. */
export const dateTimeField = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO date-time` })
    .refine(withinDateBounds, DATE_BOUNDS_MESSAGE);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Email is invalid'))
  .transform((email) => email.toLowerCase());

/** People write numbers with spaces, dashes and brackets; they are stored as + and digits only. */
export const phoneField = z
  .string({ error: 'Phone Number is required' })
  .trim()
  .min(1, 'Phone Number is required')
  .max(30, 'Enter a valid phone number')
  .transform((phone) => phone.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{10,15}$/, 'Enter a valid phone number'));

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

interface AmountLimits {
  minAmount: Record<Currency, number>;
  maxAmount: Record<Currency, number>;
}

/**
 * What the API reference says of an `amount` whose bounds depend on its currency (ADR 043): a superRefine enforces
 * them; this states them as JSON Schema, the field's widest bounds on the field and each currency's as an if/then
 * on the object (`cases`: which property values select which currency).
 */
export const amountBoundsByCurrency = (
  limits: AmountLimits,
  cases: { when: Record<string, string>; currency: Currency }[],
) => ({
  field: {
    type: 'integer',
    minimum: Math.min(...Object.values(limits.minAmount)),
    maximum: Math.max(...Object.values(limits.maxAmount)),
  },
  object: {
    allOf: cases.map(({ when, currency }) => ({
      if: {
        properties: Object.fromEntries(Object.entries(when).map(([name, value]) => [name, { const: value }])),
        required: Object.keys(when),
      },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
      then: {
        properties: {
          amount: { minimum: limits.minAmount[currency], maximum: limits.maxAmount[currency] },
        },
      },
    })),
  },
});
