import { type DisputeDetail, DisputeDetailSchema, type DisputeFile } from '@bizdash/shared';
import { USER_ID } from '@/testing/factories';

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

const DAY_MS = 24 * 3_600_000;

/** A dispute needing an answer in about 3 days, of a ₦25,000.00 Visa payment of Chioma's, with no evidence yet. */
export function buildDispute(overrides: Partial<DisputeDetail> = {}): DisputeDetail {
  const transactionId = overrides.paymentTransactionId ?? nextId('e2a2b3c4');
  const createdAt = overrides.createdAt ?? new Date(Date.now() - DAY_MS).toISOString();
  return DisputeDetailSchema.parse({
    id: nextId('b8a2b3c4'),
    userId: USER_ID,
    paymentTransactionId: transactionId,
    paymentId: nextId('d2a2b3c4'),
    reason: 'product_not_received',
    status: 'NEEDS_RESPONSE',
    currency: 'NGN',
    amount: 2_500_000,
    evidenceDueBy: new Date(Date.now() + 3 * DAY_MS + 3_600_000).toISOString(),
    transactionId: nextId('a2a2b3c4'),
    reversalTransactionId: null,
    createdAt,
    closedAt: null,
    payment: {
      transactionId,
      reference: `BZD-${String(sequence).padStart(10, 'D')}`,
      customerName: 'Chioma Eze',
      customerEmail: 'chioma@example.com',
      currency: 'NGN',
      amount: 2_500_000,
      card: { brand: 'VISA', last4: '0259' },
      paidAt: '2026-11-20T10:15:00.000Z',
    },
    evidence: null,
    timeline: [{ kind: 'OPENED', at: createdAt, description: 'The customer disputed the payment' }],
    ...overrides,
  });
}

export function buildDisputeFile(overrides: Partial<DisputeFile> = {}): DisputeFile {
  const id = nextId('f2a2b3c4');
  return {
    id,
    name: 'receipt.pdf',
    contentType: 'application/pdf',
    size: 2048,
    url: `/api/disputes/x/files/${id}`,
    uploadedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}
