import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { secondFactorCodeField } from './two-factor.ts';

export const PAYOUT_STATUSES = [
  'PENDING_CONFIRMATION',
  'PROCESSING',
  'SUCCESSFUL',
  'FAILED',
  'CANCELLED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** How a dashboard payout is confirmed: the merchant's authenticator app when two-factor is on, else an emailed code. */
export const PAYOUT_CONFIRMATIONS = ['two_factor', 'email'] as const;

export const PAYOUT_MESSAGES = {
  kycRequired: 'Verify your identity before you pay out: complete KYC in Settings > Documents.',
  insufficientFunds: 'This wallet cannot cover the amount and its fee.',
  dailyLimit: 'This payout would go over your daily payout limit.',
  belowMinimum: 'The amount is below the minimum payout.',
  accountOnHold:
    'This account was added recently: for your safety it can receive payouts once the hold ends.',
  accountInactive: 'This bank account is deactivated. Choose another one.',
  accountDeactivatedSinceStarted:
    'The bank account of this payout was deactivated after the payout was started, so nothing was sent. Start a new payout to an active account.',
  accountDeactivatedBeforeSending: 'The bank account was deactivated before the payout was sent',
  currencyMismatch: "This bank account does not take the wallet's currency.",
  notPending: 'This payout is not waiting for confirmation.',
  confirmationExpired: 'This payout was not confirmed in time. Start it again.',
  notEmailConfirmed: 'This payout is confirmed with the code from your authenticator app.',
  codeResent: 'We sent a new code to your email address.',
  /** Started, not yet confirmed: nothing has moved until the code is given. */
  created: 'Payout ready to confirm',
  confirmed: 'Payout on its way',
} as const;

const amountField = z
  .number({ error: 'Enter an amount' })
  .int('Enter the amount in whole minor units (kobo or cents)')
  .positive('Enter an amount greater than zero')
  .max(Number.MAX_SAFE_INTEGER, 'This amount is too large');

export const CreatePayoutRequestSchema = z.object({
  walletId: z.uuid({ error: 'Choose a wallet' }),
  bankAccountId: z.uuid({ error: 'Choose a bank account' }),
  amount: amountField,
});
export type CreatePayoutRequest = z.infer<typeof CreatePayoutRequestSchema>;

export const ConfirmPayoutRequestSchema = z.object({ code: secondFactorCodeField });
export type ConfirmPayoutRequest = z.infer<typeof ConfirmPayoutRequestSchema>;

export const PayoutSchema = z.object({
  id: z.uuid(),
  walletId: z.uuid(),
  bankAccountId: z.uuid(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What leaves the wallet: amount plus fee. */
  total: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  confirmation: z.enum(PAYOUT_CONFIRMATIONS).nullable(),
  /** While it waits for its code: when it is cancelled unless confirmed (a new emailed code moves it on). */
  confirmBy: z.iso.datetime({ offset: true }).nullable(),
  bankName: z.string(),
  accountHolderName: z.string(),
  accountNumberMasked: z.string(),
  transactionId: z.uuid().nullable(),
  failureReason: z.string().nullable(),
  arrivalEstimate: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  settledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayoutListSchema = z.object({ payouts: z.array(PayoutSchema) });
export type PayoutList = z.infer<typeof PayoutListSchema>;

export const PayoutIdParamsSchema = z.object({ payoutId: z.uuid({ error: 'Payout not found' }) });

const PayoutFeeTierSchema = z.object({ upTo: z.number().int().nullable(), fee: z.number().int() });

/** What a merchant needs before starting a payout: fees, minimum, daily limit and how much of it is used. */
export const PayoutTermsSchema = z.object({
  holdHours: z.number(),
  twoFactor: z.boolean(),
  currencies: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      minimum: z.number().int(),
      dailyLimit: z.number().int(),
      usedToday: z.number().int(),
      feeTiers: z.array(PayoutFeeTierSchema),
      arrivalEstimate: z.string(),
    }),
  ),
});
export type PayoutTerms = z.infer<typeof PayoutTermsSchema>;

/** PAYOUT_FEES: per currency, bands in ascending order with a last band of upTo null (any amount). */
const feeTiersSchema = z
  .array(z.object({ upTo: z.number().int().positive().nullable(), fee: z.number().int().nonnegative() }))
  .min(1)
  .refine((tiers) => tiers.at(-1)?.upTo === null, 'the last band must have upTo null');
export const PayoutFeesSchema = z.partialRecord(z.enum(CURRENCIES), feeTiersSchema);

/**
 * PAYOUT_LIMITS: per currency, the smallest payout (`minimum`) and the most a merchant and all its apps pay out in
 * any 24 hours (`dailyLimit`), in minor units; what is left out keeps its default (CURRENCY_INFO).
 */
export const PayoutLimitsSchema = z.partialRecord(
  z.enum(CURRENCIES),
  z.strictObject({
    minimum: z.number().int().positive().optional(),
    dailyLimit: z.number().int().positive().optional(),
  }),
);
