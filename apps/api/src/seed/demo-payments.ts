import { createHash } from 'node:crypto';
import { type FeeSchedule, StartPaymentSchema } from '@bizdash/shared';
import type { Db } from '../db/client.ts';
import { openPayment } from '../features/checkout/index.ts';

/** Customers who have just started paying: real checkout payments, so they follow the product's own rules. */
const PAYING_NOW = [
  { customerName: 'Bisi Adewale', customerEmail: 'bisi@example.com', quantity: 1 },
  { customerName: 'Kelechi Obi', customerEmail: 'kelechi@example.com', quantity: 2 },
];

/**
 * Pending card payments for the demo, opened through checkout's own transition: like any payment left
 * unfinished, the abandoned-payments job fails them once the checkout's window has passed.
 */
export async function seedPendingPayments(db: Db, productId: string, feeSchedule: FeeSchedule) {
  for (const [index, customer] of PAYING_NOW.entries()) {
    const input = StartPaymentSchema.parse({
      ...customer,
      card: { number: '5061 0000 0000 0005', expiry: '12/40', cvv: '123' },
    });
    const idempotencyKey = `demo-seed-${index}`;
    await openPayment(db, {
      productId,
      idempotencyKey,
      requestHash: createHash('sha256').update(idempotencyKey).digest('hex'),
      input,
      feeSchedule,
      provider: 'sandbox',
    });
  }
  return PAYING_NOW.length;
}
