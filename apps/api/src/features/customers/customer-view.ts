import { CURRENCIES, type Currency, type CurrencyAmount, type Customer } from '@bizdash/shared';
import type { CustomerWithStats } from './customers.repository.ts';

/** The currencies with something in them, in CURRENCIES' order. */
const amountsOf = (byCurrency: Record<Currency, number>): CurrencyAmount[] =>
  CURRENCIES.filter((currency) => byCurrency[currency] > 0).map((currency) => ({
    currency,
    amount: byCurrency[currency],
  }));

export function toCustomer(row: CustomerWithStats): Customer {
  return {
    id: row.customer.id,
    userId: row.customer.userId,
    name: row.customer.name,
    email: row.customer.email,
    firstPaymentAt: row.firstPaymentAt.toISOString(),
    lastPaymentAt: row.lastPaymentAt.toISOString(),
    successfulPayments: row.successfulPayments,
    totalSpent: amountsOf(row.spent),
    refunds: { count: row.refundCount, amounts: amountsOf(row.refunded) },
    disputes: { count: row.disputeCount },
    createdAt: row.customer.createdAt.toISOString(),
  };
}
