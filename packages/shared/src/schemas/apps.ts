import { z } from 'zod';
import { USER_STATUSES } from '../constants.ts';
import { optionalMultilineText, requiredText, TEXT_LIMITS } from './fields.ts';
import { UpdateCompanyDetailsRequestSchema, WalletRefSchema } from './user.ts';

export const APP_DESCRIPTION_MAX = 1000;

/**
 * An app's own fields: POST /api/users/register?isApp=true makes one with them (its businessName is the name),
 * PUT /api/users/{appId} changes them.
 */
export const AppInputSchema = z
  .object({
    name: requiredText('App name', 2, TEXT_LIMITS.businessName),
    description: optionalMultilineText('Description', APP_DESCRIPTION_MAX),
  })
  .meta({ examples: [{ name: 'Lagos Shop', description: 'Online store for the Lagos branch' }] });
export type AppInput = z.infer<typeof AppInputSchema>;
export type AppForm = z.input<typeof AppInputSchema>;

const UPDATE_USER_SHAPES = 'Send the company details, or for an app its name and description';

/**
 * PUT /api/users/{userId}: the company details (SPEC section 7), or for an app its name and description. Zod
 * reports the issues of the shape the body is closest to, so each form keeps its own messages.
 */
export const UpdateUserRequestSchema = z.union([UpdateCompanyDetailsRequestSchema, AppInputSchema], {
  // Neither shape fits: say what is wrong with the one the body looks like (a `name` without a `businessName` is
  // an app's), as the company form said before apps shared this route.
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const [company, app] = 'errors' in issue ? issue.errors : [];
    const input = issue.input;
    const looksLikeApp =
      typeof input === 'object' && input !== null && 'name' in input && !('businessName' in input);
    return (looksLikeApp ? app : company)?.[0]?.message ?? UPDATE_USER_SHAPES;
  },
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
  /** Set once deleted with money or history; such an app is listed only while a wallet still holds money. */
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
  wallets: z.array(WalletRefSchema),
});
export type App = z.infer<typeof AppSchema>;

/**
 * GET /api/users/{id}/apps: the merchant's apps, newest first; an archived app only while it holds money, so the
 * merchant can still move it out.
 */
export const AppsResponseSchema = z.object({ apps: z.array(AppSchema) }).meta({
  examples: [
    {
      apps: [
        {
          recordId: '0b6d1f0e-7a44-4e55-9c1e-2f1f0d7c9a10',
          businessName: 'Lagos Shop',
          businessDescription: 'Online store for the Lagos branch',
          status: 'ACTIVE',
          isApp: true,
          createdAt: '2026-11-25T09:30:00.000Z',
          archivedAt: null,
          wallets: [
            { currency: 'NGN', walletId: '3c2a4d55-1e0f-4f7b-8a61-0e9b2d7c5f11' },
            { currency: 'USD', walletId: '7e91b0c2-5d3a-4c8e-9f20-1a4b6c8d0e22' },
          ],
        },
      ],
    },
  ],
});
export type AppsResponse = z.infer<typeof AppsResponseSchema>;

export const RegisterAppQuerySchema = z.object({
  isApp: z.literal('true', { error: 'Only apps are registered here: add ?isApp=true' }),
});

/** DELETE /api/users/{id}: erased when it never held money nor did anything, archived otherwise. */
export const DeleteAppResponseSchema = z
  .object({
    recordId: z.uuid(),
    outcome: z.enum(['ERASED', 'ARCHIVED']),
    message: z.string(),
  })
  .meta({
    examples: [
      { recordId: '0b6d1f0e-7a44-4e55-9c1e-2f1f0d7c9a10', outcome: 'ERASED', message: 'App deleted.' },
    ],
  });
export type DeleteAppResponse = z.infer<typeof DeleteAppResponseSchema>;
