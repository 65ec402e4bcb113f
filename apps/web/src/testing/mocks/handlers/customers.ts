import {
  CUSTOMER_MESSAGES,
  type Currency,
  type Customer,
  CustomerDetailSchema,
  CustomerIdParamsSchema,
  CustomerListQuerySchema,
  CustomerPageSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { contractJson, notFound, pageWindow, parseOr400, queryOf, requireSession } from '../utils';

const spentIn = (customer: Customer, currency: Currency) =>
  customer.totalSpent.find((amount) => amount.currency === currency)?.amount ?? 0;

/** As the API orders them (ADR 052): newest payment first, or most spent in NGN, then USD, then newest. */
function compare(sort: 'last_payment' | 'total_spent') {
  return (a: Customer, b: Customer) => {
    if (sort === 'total_spent') {
      const byNaira = spentIn(b, 'NGN') - spentIn(a, 'NGN');
      if (byNaira !== 0) return byNaira;
      const byDollar = spentIn(b, 'USD') - spentIn(a, 'USD');
      if (byDollar !== 0) return byDollar;
    }
    return Date.parse(b.lastPaymentAt) - Date.parse(a.lastPaymentAt);
  };
}

/** Customers over db.customers: each with the payments and refunds its page lists. */
export const customersHandlers = [
  http.get('/api/customers', ({ request }) => {
    requireSession(request);
    const query = parseOr400(CustomerListQuerySchema, queryOf(request));
    const search = query.search?.toLowerCase();
    const selected = db.customers
      .filter(
        (detail) =>
          (!search ||
            detail.customer.name.toLowerCase().includes(search) ||
            detail.customer.email.toLowerCase().includes(search)) &&
          (!query.transactionId ||
            detail.payments.some((payment) => payment.transactionId === query.transactionId)),
      )
      .map((detail) => detail.customer)
      .sort(compare(query.sort));
    const [items, { page, size, totalElements }] = pageWindow(selected, query);
    return contractJson(CustomerPageSchema, {
      items,
      page,
      size,
      totalElements,
      totalPages: Math.ceil(totalElements / size),
    });
  }),

  http.get('/api/customers/:customerId', ({ request, params }) => {
    requireSession(request);
    const { customerId } = parseOr400(CustomerIdParamsSchema, params);
    const detail = db.customers.find((candidate) => candidate.customer.id === customerId);
    return detail ? contractJson(CustomerDetailSchema, detail) : notFound(CUSTOMER_MESSAGES.customerNotFound);
  }),
];
