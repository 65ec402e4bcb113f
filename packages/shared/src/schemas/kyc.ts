import { z } from 'zod';
import { USER_STATUSES } from '../constants.ts';

/** The identity documents a merchant can verify with (issue 11, section 4). */
export const KYC_ID_TYPES = ['BVN', 'NIN', 'PASSPORT', 'SSN_LAST4'] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

export const KYC_ID_TYPE_LABELS: Record<KycIdType, string> = {
  BVN: 'Bank Verification Number (BVN)',
  NIN: 'National Identification Number (NIN)',
  PASSPORT: 'International passport',
  SSN_LAST4: 'US SSN (last four digits)',
};

/** Each type's number: its shape, the message when it does not fit, and what the field asks for. */
export const KYC_ID_NUMBER_RULES: Record<KycIdType, { pattern: RegExp; message: string; label: string }> = {
  BVN: { pattern: /^\d{11}$/, message: 'BVN must be 11 digits', label: 'BVN' },
  NIN: { pattern: /^\d{11}$/, message: 'NIN must be 11 digits', label: 'NIN' },
  PASSPORT: {
    pattern: /^[A-Z]\d{8}$/,
    message: 'Passport number must be a letter followed by 8 digits',
    label: 'Passport number',
  },
  SSN_LAST4: {
    pattern: /^\d{4}$/,
    message: 'Enter the last 4 digits of the SSN',
    label: 'Last 4 digits of SSN',
  },
};

export const KYC_MINIMUM_AGE = 18;
/** The widget's selfie: required before a submission; png or jpeg (phones open the front camera). */
export const KYC_SELFIE_REQUIRED = 'Please take or upload a selfie';
export const KYC_SELFIE_ACCEPT = 'image/jpeg,image/png';
export const KYC_SELFIE_INVALID = 'Please select a valid image';

const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** A birth date (YYYY-MM-DD) of someone at least 18 and at most 120 years old today. */
const isAdultBirthDate = (text: string, today = new Date()) => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const thisYear = today.getUTCFullYear();
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  const age = thisYear - year - (hadBirthday ? 0 : 1);
  return age >= KYC_MINIMUM_AGE && age <= 120;
};

export const dateOfBirthField = z
  .string({ error: 'Date of birth is required' })
  .trim()
  .min(1, 'Date of birth is required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD')
  .refine(isRealDate, 'Enter a real date of birth')
  .refine((text) => !isRealDate(text) || isAdultBirthDate(text), {
    message: `You must be at least ${KYC_MINIMUM_AGE} years old`,
  });

/** What the merchant types into the identity widget; the number is checked against its type. */
export const KycSubmissionSchema = z
  .object({
    idType: z.enum(KYC_ID_TYPES, { error: 'Select an ID type' }),
    idNumber: z
      .string({ error: 'ID number is required' })
      .trim()
      .min(1, 'ID number is required')
      .max(20, 'ID number is at most 20 characters')
      .transform((text) => text.replace(/[\s-]/g, '').toUpperCase()),
    dateOfBirth: dateOfBirthField,
  })
  .superRefine((value, context) => {
    const rule = KYC_ID_NUMBER_RULES[value.idType];
    if (!rule.pattern.test(value.idNumber)) {
      context.addIssue({ code: 'custom', path: ['idNumber'], message: rule.message });
    }
  });
export type KycSubmission = z.infer<typeof KycSubmissionSchema>;
export type KycSubmissionInput = z.input<typeof KycSubmissionSchema>;

/** GET /api/kyc/{userId}: where the merchant's verification stands, and why it failed when it did. */
export const KycStatusSchema = z.object({
  status: z.enum(USER_STATUSES),
  /** The provider's reason for a rejection, in words the merchant can act on; null otherwise. */
  reason: z.string().nullable(),
  /** When the latest verification last moved; null before the first one. */
  updatedAt: z.string().nullable(),
});
export type KycStatus = z.infer<typeof KycStatusSchema>;

/** POST /api/kyc/{userId}/verifications: where the identity widget of the new verification is. */
export const KycStartResponseSchema = z.object({ widgetUrl: z.string() });
export type KycStartResponse = z.infer<typeof KycStartResponseSchema>;

/** The sandbox widget's session: whose it is, where it stands, and the test numbers that decide outcomes. */
export const SANDBOX_KYC_SESSION_STATUSES = ['OPEN', 'IN_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type SandboxKycSessionStatus = (typeof SANDBOX_KYC_SESSION_STATUSES)[number];

export const SandboxKycTestNumberSchema = z.object({
  idType: z.enum(KYC_ID_TYPES),
  number: z.string(),
  outcome: z.string(),
});

export const SandboxKycSessionSchema = z.object({
  sessionId: z.uuid(),
  status: z.enum(SANDBOX_KYC_SESSION_STATUSES),
  reason: z.string().nullable(),
  hasSelfie: z.boolean(),
  testNumbers: z.array(SandboxKycTestNumberSchema),
});
export type SandboxKycSession = z.infer<typeof SandboxKycSessionSchema>;

export const SandboxKycSessionParamsSchema = z.object({
  sessionId: z.uuid({ error: 'This verification link is not valid' }),
});
