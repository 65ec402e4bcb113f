import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { dateTimeField, refuseControlCharacters } from './fields.ts';
import { PageQuerySchema, pageSchemaOf } from './paging.ts';
import { TRANSACTION_CHANNELS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transaction-kinds.ts';

/** The Transaction entity of SPEC section 3; amounts are integer minor units of currencyCode. */
export const TransactionSchema = z.object({
  id: z.uuid(),
  transactionId: z.uuid(),
  impactTime: z.iso.datetime({ offset: true }),
  description: z.string(),
  parentTransactionId: z.uuid().nullable(),
  transactionAmount: z.number().int().nonnegative(),
  currencyCode: z.enum(CURRENCIES),
  transactionType: z.enum(TRANSACTION_TYPES),
  transactionStatus: z.enum(TRANSACTION_STATUSES),
  beneficiary: z.string().nullable(),
  transactionChannel: z.enum(TRANSACTION_CHANNELS),
  orderReference: z.string().nullable(),
  /** Why a FAILED transaction failed, as the customer (checkout, webhook) or merchant (payout) was told. */
  failureReason: z.string().nullable(),
  walletId: z.uuid(),
  userId: z.uuid(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

const oneOrMany = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.array(schema).min(1).max(10)])
    .transform((value) => (Array.isArray(value) ? value : [value]));

/** Filters of SPEC section 7 plus dates, currency, channel and a text query. */
export const TransactionSearchFilterSchema = z
  .object({
    userId: z.uuid({ error: 'User ID is invalid' }).optional(),
    walletId: z.uuid({ error: 'Wallet ID is invalid' }).optional(),
    status: oneOrMany(z.enum(TRANSACTION_STATUSES, { error: 'Unknown transaction status' })).optional(),
    type: z.enum(TRANSACTION_TYPES, { error: 'Type must be CREDIT or DEBIT' }).optional(),
    from: dateTimeField('from').optional(),
    to: dateTimeField('to').optional(),
    currency: z.enum(CURRENCIES, { error: 'Currency must be NGN or USD' }).optional(),
    channel: z.enum(TRANSACTION_CHANNELS, { error: 'Unknown channel' }).optional(),
    query: refuseControlCharacters(
      z
        .string({ error: 'Search text must be text' })
        .trim()
        .max(100, 'Search text is at most 100 characters'),
      'Search text',
    ).optional(),
  })
  .refine((filter) => !filter.from || !filter.to || Date.parse(filter.from) <= Date.parse(filter.to), {
    error: 'The start date must be on or before the end date.',
    path: ['to'],
  });
export type TransactionSearchFilter = z.input<typeof TransactionSearchFilterSchema>;
export type ParsedTransactionSearchFilter = z.output<typeof TransactionSearchFilterSchema>;

/** Where a page of the newest-first list starts: below the transaction `<impactTime ms>_<id>` (keyset paging). */
const TRANSACTION_CURSOR = /^\d{1,15}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** ?page=&size= and, for the page after one already shown, ?after= its nextCursor (stable as new rows arrive). */
export const TransactionPageQuerySchema = PageQuerySchema.extend({
  after: z
    .string({ error: 'Page cursor is invalid' })
    .regex(TRANSACTION_CURSOR, 'Page cursor is invalid')
    .optional(),
});
export type TransactionPageQuery = z.infer<typeof TransactionPageQuerySchema>;

/** Counting stops here: a search matching more reports this many and `totalCapped` (the screen says '1,000+'). */
export const TRANSACTION_COUNT_CAP = 1000;

export const TransactionPageSchema = pageSchemaOf(TransactionSchema).extend({
  /** More than totalElements transactions match; the count stopped at TRANSACTION_COUNT_CAP. */
  totalCapped: z.boolean().optional(),
  /** The next page's ?after=, or null when this page is the last. */
  nextCursor: z.string().nullable().optional(),
});
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

export const TransactionIdParamsSchema = z.object({ id: z.uuid({ error: 'Transaction ID is invalid' }) });
