import { randomUUID } from 'node:crypto';
import type { Currency, Product } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, type Merchant } from './fixtures';

export const merchantHeaders = (merchant: Merchant) => ({
  Authorization: `Bearer ${merchant.token}`,
  user_id: merchant.userId,
});

/**
 * Money in the merchant's wallet the way it really arrives: a customer pays a product of `price` minor units by
 * card through the sandbox checkout (the merchant keeps the price less the card fee).
 */
export async function fundBySale(
  request: APIRequestContext,
  merchant: Merchant,
  price: number,
  currency: Currency,
) {
  const created = await request.post('/api/products', {
    headers: merchantHeaders(merchant),
    data: { productName: 'Aso-oke bolt', amount: price, currency, quantityAvailable: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;
  const paid = await request.post(`/api/checkout/products/${product.recordId}/payments`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      quantity: 1,
      customerName: 'Tolu Adeyemi',
      customerEmail: 'tolu.adeyemi@example.com',
      card: { number: '4242424242424242', expiry: '12/34', cvv: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  expect(await paid.json()).toMatchObject({ status: 'SUCCESSFUL' });
}

/** Naira from a sale of `price` kobo. */
export const fundNaira = (request: APIRequestContext, merchant: Merchant, price: number) =>
  fundBySale(request, merchant, price, 'NGN');
