import { randomUUID } from 'node:crypto';
import type { CheckoutPayment, Currency, Product, TransactionPage } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, type Merchant } from './fixtures';

export const merchantHeaders = (merchant: Merchant) => ({
  Authorization: `Bearer ${merchant.token}`,
  user_id: merchant.userId,
});

export interface Sale {
  price: number;
  currency: Currency;
  productName?: string;
  customer?: { name: string; email: string };
  /** The sandbox card (README's test cards); the approved one by default. */
  card?: string;
}

/**
 * A customer pays a new product of the merchant's through the public checkout, as the checkout page does: the
 * payment, SUCCESSFUL (the merchant keeps the price less the card fee).
 */
export async function customerPays(request: APIRequestContext, merchant: Merchant, sale: Sale) {
  const created = await request.post('/api/products', {
    headers: merchantHeaders(merchant),
    data: {
      productName: sale.productName ?? 'Aso-oke bolt',
      amount: sale.price,
      currency: sale.currency,
      quantityAvailable: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;
  const customer = sale.customer ?? { name: 'Tolu Adeyemi', email: 'tolu.adeyemi@example.com' };
  const paid = await request.post(`/api/checkout/products/${product.recordId}/payments`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      quantity: 1,
      customerName: customer.name,
      customerEmail: customer.email,
      card: { number: sale.card ?? '4242424242424242', expiry: '12/34', cvv: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const payment = (await paid.json()) as CheckoutPayment;
  expect(payment.status).toBe('SUCCESSFUL');
  return payment;
}

/** A payment's CREDIT in the merchant's transactions, found by its reference as the merchant would. */
export async function paymentCredit(request: APIRequestContext, merchant: Merchant, reference: string) {
  const search = await request.post('/api/transaction/search', {
    headers: merchantHeaders(merchant),
    data: { query: reference, type: 'CREDIT' },
  });
  expect(search.status(), await search.text()).toBe(200);
  const [credit] = ((await search.json()) as TransactionPage).items;
  if (!credit) throw new Error(`no CREDIT for payment ${reference}`);
  return credit;
}

/** Money in the merchant's wallet the way it really arrives: a card sale of `price` minor units. */
export async function fundBySale(
  request: APIRequestContext,
  merchant: Merchant,
  price: number,
  currency: Currency,
) {
  await customerPays(request, merchant, { price, currency });
}

/** Naira from a sale of `price` kobo. */
export const fundNaira = (request: APIRequestContext, merchant: Merchant, price: number) =>
  fundBySale(request, merchant, price, 'NGN');
