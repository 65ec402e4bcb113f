import { z } from 'zod';
import { CURRENCIES, USER_STATUSES } from '../constants.ts';
import { BankAccountSchema } from './banks.ts';
import { emailField, phoneField, refuseControlCharacters, requiredText, TEXT_LIMITS } from './fields.ts';

export const WalletRefSchema = z.object({ currency: z.enum(CURRENCIES), walletId: z.uuid() });
export type WalletRef = z.infer<typeof WalletRefSchema>;

/** The user's API key and webhook (SPEC section 3 `apiKey`), shown to its owner only; the key and secret only to a session. */
export const ApiKeyDetailsSchema = z
  .object({
    /** The current key, so Developer Settings can show and copy it. */
    apiKey: z.string().nullable().meta({
      description:
        'The current key; null when the user has none, and always null when the request is made with an API key (a key never reads a key) or by a team member whose role cannot manage API keys (then every field of this object but `keyRollOverlapHours` is null).',
    }),
    webhookUrl: z.string().nullable(),
    webhookSecret: z.string().nullable().meta({
      description:
        'The `whsec_` secret webhooks are signed with; null until a webhook URL is set, and always null when the request is made with an API key or by a team member whose role cannot manage API keys.',
    }),
    /** When the current key was generated. */
    createdAt: z.iso.datetime({ offset: true }).nullable(),
    /** Last request made with the current key (to the minute). */
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    /** After a roll, the replaced key keeps working until then; null when no replaced key still works. */
    previousKeyExpiresAt: z.iso.datetime({ offset: true }).nullable(),
    /** How long a replaced key keeps working after a new one is generated. */
    keyRollOverlapHours: z.number().nonnegative(),
    /** After the signing secret's roll, the old secret signs too until then; null when it no longer does. */
    previousWebhookSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
    /** Why webhook deliveries stopped (a 410 answer, days of failures); null while the endpoint is enabled. */
    webhookDisabledReason: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        apiKey: 'bzk_test_4Vf8QmZ0kR2pXc7LbN9sTq1WyE3uHd6GjA5oKi0MnBz',
        webhookUrl: 'https://shop.example.com/webhooks/bizdash',
        webhookSecret: 'whsec_MfKQ9r8GKYqrZnKw6wJc0r0QmTVnIzLbb0TRRVl9ZLs=',
        createdAt: '2026-11-25T09:30:00.000Z',
        lastUsedAt: '2026-11-25T10:02:00.000Z',
        previousKeyExpiresAt: '2026-11-26T09:30:00.000Z',
        keyRollOverlapHours: 24,
        previousWebhookSecretExpiresAt: null,
        webhookDisabledReason: null,
      },
    ],
  });
export type ApiKeyDetails = z.infer<typeof ApiKeyDetailsSchema>;

/** The User entity of SPEC section 3. */
export const UserSchema = z.object({
  recordId: z.uuid(),
  status: z.enum(USER_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phoneNumber: z.string(),
  profilePictureUrl: z.string().nullable(),
  businessName: z.string(),
  countryOfBusiness: z.string(),
  businessDescription: z.string().nullable(),
  chargeCheckoutFeeToCustomer: z.boolean(),
  checkoutLogUrl: z.string().nullable(),
  isApp: z.boolean(),
  apiKey: ApiKeyDetailsSchema,
  wallets: z.array(WalletRefSchema),
  /** The user's settlement accounts (the Bank account entity), newest first. */
  banks: z.array(BankAccountSchema).meta({
    description:
      "The user's settlement accounts, newest first; empty for a team member whose role cannot see money (money.read).",
  }),
});
export type User = z.infer<typeof UserSchema>;

export const UserIdParamsSchema = z.object({ userId: z.uuid({ error: 'User ID is invalid' }) });

/** PUT /api/users/{userId}/profile: the email is sent back unchanged (it is the sign-in name, not edited here). */
export const UpdateProfileRequestSchema = z.object({
  firstName: requiredText('First Name', 2, TEXT_LIMITS.name),
  lastName: requiredText('Last Name', 2, TEXT_LIMITS.name),
  email: emailField,
  phoneNumber: phoneField,
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;
export type UpdateProfileForm = z.input<typeof UpdateProfileRequestSchema>;

export const BUSINESS_DESCRIPTION_MAX = 1000;
export const CHECKOUT_LOGO_URL_MAX = 2048;
export const CHECKOUT_LOGO_URL_INVALID = 'Checkout Logo URL must be a valid URL';

/** PUT /api/users/{userId} (SPEC section 7): company name and country are sent back unchanged. */
export const UpdateCompanyDetailsRequestSchema = z.object({
  businessName: requiredText('Company Name', 2, TEXT_LIMITS.businessName),
  countryOfBusiness: requiredText('Country of Business', 2, TEXT_LIMITS.country),
  businessDescription: refuseControlCharacters(
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? 'Description of Business is required'
            : 'Description of Business must be text',
      })
      .trim()
      .min(1, 'Description of Business is required')
      .min(10, 'Must be at least 10 characters long')
      .max(
        BUSINESS_DESCRIPTION_MAX,
        `Description of Business is at most ${BUSINESS_DESCRIPTION_MAX} characters`,
      ),
    'Description of Business',
    { multiline: true },
  ),
  // Empty means no logo. The server keeps its own file URLs and imports any other (https only) as its own file.
  checkoutLogUrl: z
    .string({ error: CHECKOUT_LOGO_URL_INVALID })
    .trim()
    .max(CHECKOUT_LOGO_URL_MAX, `Checkout Logo URL is at most ${CHECKOUT_LOGO_URL_MAX} characters`)
    .refine(
      (url) => url === '' || z.url({ protocol: /^https?$/ }).safeParse(url).success,
      CHECKOUT_LOGO_URL_INVALID,
    )
    .nullish()
    .transform((url) => url || null),
  chargeCheckoutFeeToCustomer: z.boolean({ error: 'Charge Checkout Fee is required' }),
});
export type UpdateCompanyDetailsRequest = z.infer<typeof UpdateCompanyDetailsRequestSchema>;
export type UpdateCompanyDetailsForm = z.input<typeof UpdateCompanyDetailsRequestSchema>;

export const UploadedFileUrlSchema = z.object({ url: z.string() });
export type UploadedFileUrl = z.infer<typeof UploadedFileUrlSchema>;
