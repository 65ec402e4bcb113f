import {
  type CheckoutPayment,
  CheckoutPaymentSchema,
  type CheckoutProduct,
  CheckoutProductSchema,
  DEFAULT_FEE_SCHEDULE,
} from '@bizdash/shared';

export const PRODUCT_ID = '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e6f';
export const PAYMENT_ID = '2b7e9c1a-3d4f-4a6b-8c9d-0e1f2a3b4c5d';

/** A CheckoutProduct that passes the shared schema: ₦5,000 Ankara fabric, 5 in stock, merchant bears the fee. */
export function buildCheckoutProduct(overrides: Partial<CheckoutProduct> = {}): CheckoutProduct {
  return CheckoutProductSchema.parse({
    productId: PRODUCT_ID,
    productName: 'Ankara fabric bundle',
    description: 'Six yards of hand-printed cotton.',
    amount: 5_000_00,
    currency: 'NGN',
    quantityAvailable: 5,
    availability: 'AVAILABLE',
    merchant: { businessName: 'Okafor Textiles', checkoutLogUrl: null },
    feeBearer: 'MERCHANT',
    feeRule: DEFAULT_FEE_SCHEDULE.NGN,
    testCards: [
      { number: '4242 4242 4242 4242', outcome: 'Approved' },
      { number: '5061 0000 0000 0005', outcome: 'Code 123456, then approved' },
    ],
    ...overrides,
  });
}

/** A CheckoutPayment that passes the shared schema: two bundles paid by Verve card, successful. */
export function buildCheckoutPayment(overrides: Partial<CheckoutPayment> = {}): CheckoutPayment {
  return CheckoutPaymentSchema.parse({
    paymentId: PAYMENT_ID,
    reference: 'BZD-7KQ2M9XH4T',
    productId: PRODUCT_ID,
    productName: 'Ankara fabric bundle',
    businessName: 'Okafor Textiles',
    checkoutLogUrl: null,
    quantity: 2,
    unitAmount: 5_000_00,
    subtotal: 10_000_00,
    fee: 250_00,
    total: 10_000_00,
    currency: 'NGN',
    feeBearer: 'MERCHANT',
    status: 'SUCCESSFUL',
    nextAction: null,
    sandboxOtp: null,
    failureReason: null,
    customerName: 'Tolu Adeyemi',
    card: { brand: 'VERVE', last4: '0005' },
    createdAt: '2026-03-05T10:15:00.000Z',
    completedAt: '2026-03-05T10:15:04.000Z',
    ...overrides,
  });
}
