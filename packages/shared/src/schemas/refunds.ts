import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { optionalMultilineText } from './fields.ts';
import { PageQuerySchema, pageSchemaOf } from './paging.ts';

/** Why a merchant gives a customer's money back (issue 22), as card networks ask it. */
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** PENDING: the wallet is debited, the money on its way back to the card; then SUCCEEDED or FAILED (money back). */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The longest note a merchant may keep on a refund, for itself or for the customer. */
export const REFUND_NOTE_MAX = 500;

export const REFUND_MESSAGES = {
  paymentNotFound: 'Payment not found',
  refundNotFound: 'Refund not found',
  notACardPayment: 'Only card payments taken through checkout can be refunded.',
  notSuccessful: 'Only a successful payment can be refunded.',
  fullyRefunded: 'This payment has already been refunded in full.',
  insufficientBalance:
    'Your wallet does not hold enough to cover this refund. Wait for incoming payments or refund a smaller amount.',
  restockNeedsFullRefund:
    'Restocking puts back the quantity the customer bought: it is only possible on a refund of all that is still refundable.',
  /** The card network took the refund too long to answer, or refused it: the money is back in the wallet. */
  failedByNetwork: 'The card network could not return the money to the card',
} as const;

const amountField = z
  .number({ error: 'Enter an amount' })
  .int('Enter the amount in whole minor units (kobo or cents)')
  .positive('Enter an amount greater than zero')
  .max(Number.MAX_SAFE_INTEGER, 'This amount is too large');

/**
 * POST /api/refunds: the payment by its transaction id (as the transactions API shows it); no amount: all that is
 * still refundable.
 */
export const CreateRefundRequestSchema = z.strictObject(
  {
    transactionId: z.uuid({ error: 'transactionId must be the id of a payment transaction' }),
    amount: amountField.optional(),
    reason: z.enum(REFUND_REASONS, {
      error: `reason must be one of ${REFUND_REASONS.join(', ')}`,
    }),
    merchantNote: optionalMultilineText('merchantNote', REFUND_NOTE_MAX),
    customerNote: optionalMultilineText('customerNote', REFUND_NOTE_MAX),
    restock: z.boolean({ error: 'restock must be true or false' }).default(false),
  },
  { error: 'Unknown refund field' },
);
export type CreateRefundRequest = z.input<typeof CreateRefundRequestSchema>;

export const RefundSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  /** The refunded payment's transaction (its CREDIT, as the transactions API shows it). */
  paymentTransactionId: z.uuid(),
  paymentId: z.uuid(),
  walletId: z.uuid(),
  currency: z.enum(CURRENCIES),
  /** What goes back to the card, and exactly what leaves the wallet: the card fee is not given back. */
  amount: z.number().int().positive(),
  reason: z.enum(REFUND_REASONS),
  merchantNote: z.string().nullable(),
  customerNote: z.string().nullable(),
  restock: z.boolean(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  /** The refund's own DEBIT in the transactions list (its parent is the payment's transaction). */
  transactionId: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  settledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const RefundIdParamsSchema = z.object({ refundId: z.uuid({ error: 'Refund ID is invalid' }) });

export const RefundListQuerySchema = PageQuerySchema.extend({
  transactionId: z.uuid({ error: 'transactionId must be the id of a payment transaction' }).optional(),
  status: z
    .enum(REFUND_STATUSES, { error: `status must be one of ${REFUND_STATUSES.join(', ')}` })
    .optional(),
});
export type RefundListQuery = z.infer<typeof RefundListQuerySchema>;

export const RefundPageSchema = pageSchemaOf(RefundSchema);
export type RefundPage = z.infer<typeof RefundPageSchema>;

/** What a merchant's systems hear about a refund (the `data` of refund.* events). */
export const RefundEventDataSchema = z.object({
  refundId: z.uuid(),
  userId: z.uuid(),
  paymentId: z.uuid(),
  paymentTransactionId: z.uuid(),
  transactionId: z.uuid(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int().positive(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type RefundEventData = z.infer<typeof RefundEventDataSchema>;
