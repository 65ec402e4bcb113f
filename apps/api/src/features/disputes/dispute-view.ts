import type { Dispute, DisputeEventData, DisputeListItem } from '@bizdash/shared';
import type { DisputeRow } from './disputes.repository.ts';

export function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    userId: row.userId,
    paymentTransactionId: row.paymentTransactionId,
    paymentId: row.paymentId,
    reason: row.reason,
    status: row.status,
    currency: row.currency,
    amount: row.amount,
    evidenceDueBy: row.evidenceDueBy.toISOString(),
    transactionId: row.transactionId,
    reversalTransactionId: row.reversalTransactionId,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export const toDisputeListItem = (
  row: DisputeRow,
  payment: { customerName: string; customerEmail: string; reference: string },
): DisputeListItem => ({
  ...toDispute(row),
  customerName: payment.customerName,
  customerEmail: payment.customerEmail,
  reference: payment.reference,
});

export const disputeEventData = (
  row: DisputeRow,
  customer: { customerName: string; customerEmail: string },
): DisputeEventData => ({
  disputeId: row.id,
  userId: row.userId,
  paymentId: row.paymentId,
  paymentTransactionId: row.paymentTransactionId,
  currency: row.currency,
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  evidenceDueBy: row.evidenceDueBy.toISOString(),
  customer: { name: customer.customerName, email: customer.customerEmail },
});
