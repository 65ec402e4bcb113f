import { z } from 'zod';
import { USER_STATUSES } from '../constants.ts';
import { optionalMultilineText, requiredText, TEXT_LIMITS } from './fields.ts';
import { UpdateCompanyDetailsRequestSchema, WalletRefSchema } from './user.ts';

export const APP_DESCRIPTION_MAX = 1000;

/**
 * An app's own fields: POST /api/users/register?isApp=true makes one with them (its businessName is the name),
 * PUT /api/users/{appId} changes them.
 */
export const AppInputSchema = z.object({
  name: requiredText('App name', 2, TEXT_LIMITS.businessName),
  description: optionalMultilineText('Description', APP_DESCRIPTION_MAX),
});
export type AppInput = z.infer<typeof AppInputSchema>;
export type AppForm = z.input<typeof AppInputSchema>;

/**
 * PUT /api/users/{userId}: the company details (SPEC section 7), or for an app its name and description. Zod
 * reports the issues of the shape the body is closest to, so each form keeps its own messages.
 */
export const UpdateUserRequestSchema = z.union([UpdateCompanyDetailsRequestSchema, AppInputSchema], {
  error: 'Send the company details, or for an app its name and description',
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** An app as its merchant's list shows it (SPEC section 3: an app is a user registered with isApp). */
export const AppSchema = z.object({
  recordId: z.uuid(),
  businessName: z.string(),
  businessDescription: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  isApp: z.literal(true),
  createdAt: z.iso.datetime({ offset: true }),
  wallets: z.array(WalletRefSchema),
});
export type App = z.infer<typeof AppSchema>;

/** GET /api/users/{id}/apps: the merchant's apps, newest first; archived apps are not listed. */
export const AppsResponseSchema = z.object({ apps: z.array(AppSchema) });
export type AppsResponse = z.infer<typeof AppsResponseSchema>;

export const RegisterAppQuerySchema = z.object({
  isApp: z.literal('true', { error: 'Only apps are registered here: add ?isApp=true' }),
});

/** DELETE /api/users/{id}: erased when it never held money nor did anything, archived otherwise. */
export const DeleteAppResponseSchema = z.object({
  recordId: z.uuid(),
  outcome: z.enum(['ERASED', 'ARCHIVED']),
  message: z.string(),
});
export type DeleteAppResponse = z.infer<typeof DeleteAppResponseSchema>;
