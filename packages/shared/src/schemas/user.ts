import { z } from 'zod';
import { CURRENCIES, USER_STATUSES } from '../constants.ts';

export const WalletRefSchema = z.object({ currency: z.enum(CURRENCIES), walletId: z.uuid() });
export type WalletRef = z.infer<typeof WalletRefSchema>;

export const ApiKeyDetailsSchema = z.object({
  apiKey: z.string().nullable(),
  webhookUrl: z.string().nullable(),
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
  banks: z.array(z.unknown()),
});
export type User = z.infer<typeof UserSchema>;

export const UserIdParamsSchema = z.object({ userId: z.uuid({ error: 'User ID is invalid' }) });
