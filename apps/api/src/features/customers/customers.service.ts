import {
  CUSTOMER_DETAIL_LIMIT,
  CUSTOMER_MESSAGES,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerPage,
  pageOf,
} from '@bizdash/shared';
import { notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { toCustomer } from './customer-view.ts';
import {
  listCustomerDisputes,
  listCustomerPayments,
  listCustomerRefunds,
  listCustomersWithStats,
} from './customers.repository.ts';

type CustomerDeps = Pick<AppDeps, 'database'>;

/** The acting user's customers, a page at a time, found by part of their name or email and sorted (ADR 052). */
export async function listOwnCustomers(
  deps: CustomerDeps,
  actor: Actor,
  query: CustomerListQuery,
): Promise<CustomerPage> {
  const { rows, total } = await listCustomersWithStats(deps.database.db, actor.actingUserId, query, query);
  return pageOf(rows.map(toCustomer), query, total);
}

/** One of the acting user's customers with their newest payments, refunds and disputes; 404 for anyone else's. */
export async function getOwnCustomer(
  deps: CustomerDeps,
  actor: Actor,
  customerId: string,
): Promise<CustomerDetail> {
  const { db } = deps.database;
  const userId = actor.actingUserId;
  const { rows } = await listCustomersWithStats(db, userId, { customerId }, { page: 1, size: 1 });
  const [found] = rows;
  if (!found) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
  const [payments, refunds, disputes] = await Promise.all([
    listCustomerPayments(db, userId, customerId, CUSTOMER_DETAIL_LIMIT),
    listCustomerRefunds(db, userId, customerId, CUSTOMER_DETAIL_LIMIT),
    listCustomerDisputes(db, userId, customerId, CUSTOMER_DETAIL_LIMIT),
  ]);
  return {
    customer: toCustomer(found),
    payments: payments.map((payment) => ({ ...payment, createdAt: payment.createdAt.toISOString() })),
    refunds: refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
    disputes: disputes.map((dispute) => ({
      ...dispute,
      evidenceDueBy: dispute.evidenceDueBy.toISOString(),
      createdAt: dispute.createdAt.toISOString(),
    })),
  };
}
