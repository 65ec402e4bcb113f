import {
  type Customer,
  type CustomerDetail,
  CustomerDetailSchema,
  type CustomerDispute,
  type CustomerPayment,
  type CustomerRefund,
} from '@bizdash/shared';
import { USER_ID } from '@/testing/factories';

export const CUSTOMER_IDS = {
  chioma: 'c0a1b2c3-0000-4000-8000-000000000001',
  tunde: 'c0a1b2c3-0000-4000-8000-000000000002',
  amaka: 'c0a1b2c3-0000-4000-8000-000000000003',
} as const;

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function buildCustomerPayment(overrides: Partial<CustomerPayment> = {}): CustomerPayment {
  const id = nextId('d1a2b3c4');
  return {
    id,
    transactionId: nextId('e1a2b3c4'),
    reference: `BZD-${String(sequence).padStart(10, 'A')}`,
    productName: 'Adire scarf',
    quantity: 1,
    currency: 'NGN',
    amount: 502_500,
    status: 'SUCCESSFUL',
    customerName: 'Chioma Eze',
    createdAt: '2026-11-20T10:15:00.000Z',
    ...overrides,
  };
}

export function buildCustomerRefund(
  payment: CustomerPayment,
  overrides: Partial<CustomerRefund> = {},
): CustomerRefund {
  return {
    id: nextId('f1a2b3c4'),
    paymentId: payment.id,
    paymentTransactionId: payment.transactionId,
    transactionId: nextId('a9a2b3c4'),
    currency: payment.currency,
    amount: 100_000,
    reason: 'requested_by_customer',
    status: 'SUCCEEDED',
    createdAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

export function buildCustomerDispute(
  payment: CustomerPayment,
  overrides: Partial<CustomerDispute> = {},
): CustomerDispute {
  return {
    id: nextId('b7a2b3c4'),
    paymentId: payment.id,
    paymentTransactionId: payment.transactionId,
    currency: payment.currency,
    amount: payment.amount,
    reason: 'product_not_received',
    status: 'NEEDS_RESPONSE',
    evidenceDueBy: '2026-11-28T10:15:00.000Z',
    createdAt: '2026-11-21T10:15:00.000Z',
    ...overrides,
  };
}

/**
 * A customer with their payments, refunds and disputes; the totals are worked out from them as the API does (successful
 * payments spent, refunds not FAILED), unless overridden.
 */
export function buildCustomerDetail(
  customer: Partial<Customer> = {},
  payments: CustomerPayment[] = [buildCustomerPayment()],
  refunds: CustomerRefund[] = [],
  disputes: CustomerDispute[] = [],
): CustomerDetail {
  const sums = (rows: { currency: 'NGN' | 'USD'; amount: number }[]) =>
    (['NGN', 'USD'] as const)
      .map((currency) => ({
        currency,
        amount: rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.amount, 0),
      }))
      .filter((row) => row.amount > 0);
  const successful = payments.filter((payment) => payment.status === 'SUCCESSFUL');
  const counted = refunds.filter((refund) => refund.status !== 'FAILED');
  const times = payments.map((payment) => payment.createdAt).sort();
  return CustomerDetailSchema.parse({
    customer: {
      id: CUSTOMER_IDS.chioma,
      userId: USER_ID,
      name: payments[0]?.customerName ?? 'Chioma Eze',
      email: 'chioma@example.com',
      firstPaymentAt: times[0] ?? '2026-11-20T10:15:00.000Z',
      lastPaymentAt: times.at(-1) ?? '2026-11-20T10:15:00.000Z',
      successfulPayments: successful.length,
      totalSpent: sums(successful),
      refunds: { count: counted.length, amounts: sums(counted) },
      disputes: { count: disputes.length },
      createdAt: times[0] ?? '2026-11-20T10:15:00.000Z',
      ...customer,
    },
    payments,
    refunds,
    disputes,
  });
}
