import type { Refund, RefundEventData } from '@bizdash/shared';
import type { RefundRow } from './refunds.repository.ts';

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    userId: row.userId,
    paymentTransactionId: row.paymentTransactionId,
    paymentId: row.paymentId,
    walletId: row.walletId,
    currency: row.currency,
    amount: row.amount,
    reason: row.reason,
    merchantNote: row.merchantNote,
    customerNote: row.customerNote,
    restock: row.restock,
    status: row.status,
    failureReason: row.failureReason,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export const refundEventData = (
  row: RefundRow,
  customer: { customerName: string; customerEmail: string },
): RefundEventData => ({
  refundId: row.id,
  userId: row.userId,
  paymentId: row.paymentId,
  paymentTransactionId: row.paymentTransactionId,
  transactionId: row.transactionId,
  currency: row.currency,
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  failureReason: row.failureReason,
  customer: { name: customer.customerName, email: customer.customerEmail },
});
