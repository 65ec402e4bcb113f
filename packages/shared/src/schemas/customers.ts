import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from './disputes.ts';
import { PageQuerySchema, pageSchemaOf, SearchTextSchema } from './paging.ts';
import { REFUND_REASONS, REFUND_STATUSES } from './refunds.ts';
import { TRANSACTION_STATUSES } from './transaction-kinds.ts';

/**
 * How the customers list is ordered (issue 22 §3, ADR 052), each biggest first: `last_payment` (the default) by the
 * newest payment; `total_spent` by what they spent in NGN, then in USD, then by the newest payment.
 */
export const CUSTOMER_SORTS = ['last_payment', 'total_spent'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_MESSAGES = {
  customerNotFound: 'Customer not found',
} as const;

/** An amount in one currency, in minor units. */
export const CurrencyAmountSchema = z.object({
  currency: z.enum(CURRENCIES),
  amount: z.number().int().nonnegative(),
});
export type CurrencyAmount = z.infer<typeof CurrencyAmountSchema>;

/**
 * One person who paid a merchant through checkout, keyed by email (case-insensitive), named as at their latest
 * payment, with what their payments add up to.
 */
export const CustomerSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** When they first and last started a payment (whatever became of it). */
  firstPaymentAt: z.iso.datetime({ offset: true }),
  lastPaymentAt: z.iso.datetime({ offset: true }),
  /** Their SUCCESSFUL payments. */
  successfulPayments: z.number().int().nonnegative(),
  /** What their successful payments came to (what they paid, fee included), per currency they paid in. */
  totalSpent: z.array(CurrencyAmountSchema),
  /** The refunds of their payments that were not refused (PENDING or SUCCEEDED), and their amounts per currency. */
  refunds: z.object({ count: z.number().int().nonnegative(), amounts: z.array(CurrencyAmountSchema) }),
  /** The disputes (chargebacks) of their payments, open or closed. */
  disputes: z.object({ count: z.number().int().nonnegative() }),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerIdParamsSchema = z.object({ customerId: z.uuid({ error: 'Customer ID is invalid' }) });

export const CustomerListQuerySchema = PageQuerySchema.extend({
  /** Part of the name or email, any case. */
  search: SearchTextSchema.optional(),
  sort: z
    .enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` })
    .default('last_payment'),
  /** Only the customer who made this payment (the payment's transaction id, as the transactions API shows it). */
  transactionId: z.uuid({ error: 'transactionId must be the id of a payment transaction' }).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;
export type CustomerListQueryInput = z.input<typeof CustomerListQuerySchema>;

export const CustomerPageSchema = pageSchemaOf(CustomerSchema);
export type CustomerPage = z.infer<typeof CustomerPageSchema>;

/** One of a customer's checkout payments. */
export const CustomerPaymentSchema = z.object({
  id: z.uuid(),
  /** The payment's transaction, as the transactions API shows it. */
  transactionId: z.uuid(),
  reference: z.string(),
  productName: z.string(),
  quantity: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  /** What the customer paid (fee included when they bore it). */
  amount: z.number().int().nonnegative(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The name they gave on this payment. */
  customerName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerPayment = z.infer<typeof CustomerPaymentSchema>;

/** One refund of a customer's payments. */
export const CustomerRefundSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  paymentTransactionId: z.uuid(),
  /** The refund's own DEBIT in the transactions list. */
  transactionId: z.uuid(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int().positive(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerRefund = z.infer<typeof CustomerRefundSchema>;

/** One dispute (chargeback) of a customer's payments. */
export const CustomerDisputeSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  paymentTransactionId: z.uuid(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int().positive(),
  reason: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  evidenceDueBy: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerDispute = z.infer<typeof CustomerDisputeSchema>;

/** How many of a customer's payments, refunds and disputes the detail lists, newest first. */
export const CUSTOMER_DETAIL_LIMIT = 100;

/** GET /api/customers/{id}: the customer with their newest payments, refunds and disputes. */
export const CustomerDetailSchema = z.object({
  customer: CustomerSchema,
  /** Their newest payments (at most CUSTOMER_DETAIL_LIMIT), newest first. */
  payments: z.array(CustomerPaymentSchema),
  /** The refunds of their payments (at most CUSTOMER_DETAIL_LIMIT), newest first. */
  refunds: z.array(CustomerRefundSchema),
  /** The disputes of their payments (at most CUSTOMER_DETAIL_LIMIT), newest first. */
  disputes: z.array(CustomerDisputeSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;
