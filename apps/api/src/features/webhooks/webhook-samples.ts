import { randomUUID } from 'node:crypto';
import type {
  DisputeEventData,
  DisputeStatus,
  PaymentEventData,
  PayoutEventData,
  RefundEventData,
  WebhookEventType,
  WebhookPayload,
} from '@bizdash/shared';

/** A sandbox card payment of ₦5,000 (fee ₦175, paid by the merchant), as payment.* events carry it. */
function samplePayment(succeeded: boolean): PaymentEventData {
  return {
    paymentId: randomUUID(),
    reference: 'BZD-TESTEVENT0',
    transactionId: randomUUID(),
    productId: randomUUID(),
    quantity: 1,
    currency: 'NGN',
    amount: 500_000,
    fee: 17_500,
    merchantNet: 482_500,
    feeBearer: 'MERCHANT',
    status: succeeded ? 'SUCCESSFUL' : 'FAILED',
    failureReason: succeeded ? null : 'Declined by the issuer',
    customer: { name: 'Chioma Eze', email: 'chioma@example.com' },
    card: { brand: 'VISA', last4: '4242' },
  };
}

/** A ₦5,000 payout (fee ₦10) to a GTBank account, at the given stage, as payout.* events carry it. */
function samplePayout(userId: string, status: PayoutEventData['status']): PayoutEventData {
  return {
    payoutId: randomUUID(),
    userId,
    walletId: randomUUID(),
    transactionId: randomUUID(),
    currency: 'NGN',
    amount: 500_000,
    fee: 1_000,
    bankName: 'Guaranty Trust Bank',
    accountNumberMasked: '******7890',
    status,
    failureReason: status === 'FAILED' ? 'Account closed' : null,
  };
}

/** A ₦2,000 refund of a card payment, at the given stage, as refund.* events carry it. */
function sampleRefund(userId: string, status: RefundEventData['status']): RefundEventData {
  return {
    refundId: randomUUID(),
    userId,
    paymentId: randomUUID(),
    paymentTransactionId: randomUUID(),
    transactionId: randomUUID(),
    currency: 'NGN',
    amount: 200_000,
    reason: 'requested_by_customer',
    status,
    failureReason:
      status === 'FAILED' ? 'The card issuer refused the refund: the card account is closed' : null,
    customer: { name: 'Chioma Eze', email: 'chioma@example.com' },
  };
}

function sampleDispute(userId: string, status: DisputeStatus): DisputeEventData {
  return {
    disputeId: '8e6f5a4b-3c2d-4e1f-9a8b-7c6d5e4f3a2b',
    userId,
    paymentId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    paymentTransactionId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    currency: 'NGN',
    amount: 1_250_000,
    reason: 'product_not_received',
    status,
    evidenceDueBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    customer: { name: 'Chioma Eze', email: 'chioma@example.com' },
  };
}

/**
 * The body of a test event ("Send test event" in Developer Settings): the type's real shape with made-up ids, so
 * a receiver can be built and checked before the first real payment. It is marked as a test in the log only; the
 * receiver sees exactly what a real event looks like.
 */
export function samplePayload(type: WebhookEventType, userId: string): WebhookPayload {
  const timestamp = new Date().toISOString();
  switch (type) {
    case 'payment.succeeded':
    case 'payment.failed':
      return { type, timestamp, data: samplePayment(type === 'payment.succeeded') };
    case 'payout.created':
      return { type, timestamp, data: samplePayout(userId, 'PROCESSING') };
    case 'payout.succeeded':
      return { type, timestamp, data: samplePayout(userId, 'SUCCESSFUL') };
    case 'payout.failed':
      return { type, timestamp, data: samplePayout(userId, 'FAILED') };
    case 'refund.created':
      return { type, timestamp, data: sampleRefund(userId, 'PENDING') };
    case 'refund.succeeded':
      return { type, timestamp, data: sampleRefund(userId, 'SUCCEEDED') };
    case 'refund.failed':
      return { type, timestamp, data: sampleRefund(userId, 'FAILED') };
    case 'dispute.created':
      return { type, timestamp, data: sampleDispute(userId, 'NEEDS_RESPONSE') };
    case 'dispute.updated':
      return { type, timestamp, data: sampleDispute(userId, 'UNDER_REVIEW') };
    case 'dispute.closed':
      return { type, timestamp, data: sampleDispute(userId, 'WON') };
  }
}
