import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { ACCOUNT_STATUSES } from '../format/status.ts';
import { dayField, whenFieldsValid } from './fields.ts';

/** A wallet as the accounts screens show it: what can be spent now and what is still on its way. */
export const WalletSchema = z.object({
  walletId: z.uuid(),
  userId: z.uuid(),
  currency: z.enum(CURRENCIES),
  availableBalance: z.number().int(),
  pendingAmount: z.number().int(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletListSchema = z.object({ wallets: z.array(WalletSchema) });
export type WalletList = z.infer<typeof WalletListSchema>;

export const WalletIdParamsSchema = z.object({ walletId: z.uuid({ error: 'Wallet ID is invalid' }) });

export const WalletSummaryQuerySchema = z
  .object({
    from: dayField('from'),
    to: dayField('to'),
  })
  .refine((range) => range.from <= range.to, {
    error: 'The start date must be on or before the end date.',
    path: ['to'],
    ...whenFieldsValid,
  })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, {
    error: 'The range is at most one year',
    path: ['to'],
    ...whenFieldsValid,
  });
export type WalletSummaryQuery = z.infer<typeof WalletSummaryQuerySchema>;

/** Money in and out per wallet per day (UTC), successful transactions only; days without movement are zero. */
export const WalletSummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  wallets: z.array(
    z.object({
      walletId: z.uuid(),
      currency: z.enum(CURRENCIES),
      days: z.array(z.object({ date: z.iso.date(), moneyIn: z.number().int(), moneyOut: z.number().int() })),
    }),
  ),
});
export type WalletSummary = z.infer<typeof WalletSummarySchema>;
