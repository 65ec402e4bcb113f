import { randomInt } from 'node:crypto';
import {
  type CardBrand,
  cardBrand,
  checkoutAmounts,
  type FeeSchedule,
  feeBearerOf,
  type StartPaymentRequestSchema,
} from '@bizdash/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { customerOfPayment } from '../customers/index.ts';
import { recordTransaction } from '../money/index.ts';
import { saleStatus } from '../products/index.ts';
import { findStartableProductById, insertPaymentOnce, type PaymentRow } from './checkout.repository.ts';

/*
 * The checkout state machine's first step (the rest, each moving a payment that exists, is in
 * checkout-transitions.ts): a payment made from a payment link's product, priced by the server, with the merchant's
 * CREDIT in CREATED.
 */

export type StartPaymentInput = z.output<typeof StartPaymentRequestSchema>;

export const LINK_NOT_FOUND = 'This payment link is not valid.';
const PRODUCT_UNAVAILABLE = 'This product is no longer available.';
const PRODUCT_SOLD_OUT = 'This product is sold out.';
const MERCHANT_CANNOT_ACCEPT = 'This merchant cannot accept payments right now. Your card was not charged.';

/** A short reference a customer can read out on the phone: no 0/O or 1/I/L to confuse. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return `BZD-${Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
}

/** What a payment's page shows of the product and its seller. */
interface PaymentShop {
  productName: string;
  businessName: string;
  checkoutLogoUrl: string | null;
}

/** Thrown inside the opening transaction when another request with the same key got there first. */
export class LostKeyRace extends Error {}

/**
 * open: the payment and the merchant's CREDIT in CREATED, priced by the server from the product and quantity.
 */
export function openPayment(
  db: Db,
  request: {
    productId: string;
    idempotencyKey: string;
    requestHash: string;
    input: StartPaymentInput;
    feeSchedule: FeeSchedule;
    provider: string;
  },
): Promise<{ payment: PaymentRow; shop: PaymentShop }> {
  const { productId, input } = request;
  return db.transaction(async (tx) => {
    const found = await findStartableProductById(tx, productId);
    if (!found) throw notFound(LINK_NOT_FOUND);
    const { product, merchant, wallet } = found;
    const status = saleStatus(product, merchant);
    if (status === 'ARCHIVED') throw conflict(PRODUCT_UNAVAILABLE, 'PRODUCT_ARCHIVED');
    if (status === 'SOLD_OUT') throw conflict(PRODUCT_SOLD_OUT, 'PRODUCT_SOLD_OUT');
    if (input.quantity > product.quantityAvailable) {
      throw conflict(`Only ${product.quantityAvailable} left in stock.`, 'NOT_ENOUGH_STOCK');
    }
    const currency = product.currency;
    const feeBearer = feeBearerOf(merchant.chargeCheckoutFeeToCustomer);
    const amounts = checkoutAmounts({
      unitAmount: product.amount,
      quantity: input.quantity,
      currency,
      rule: request.feeSchedule[currency],
      bearer: feeBearer,
    });
    if (!wallet || wallet.status === 'DEACTIVATED') {
      throw new AppError(409, 'WALLET_NOT_AVAILABLE', MERCHANT_CANNOT_ACCEPT);
    }
    const reference = newReference();
    const transaction = await recordTransaction(
      tx,
      {
        userId: merchant.id,
        walletId: wallet.id,
        type: 'CREDIT',
        status: 'CREATED',
        amount: amounts.customerTotal,
        currency,
        description: input.quantity > 1 ? `${product.productName} x${input.quantity}` : product.productName,
        channel: 'CARD',
        counterparty: 'CUSTOMER_FUNDS',
        beneficiary: input.customerName,
        orderReference: reference,
      },
      wallet,
    );
    // A hosted checkout takes the card on its own page: nothing of it is known yet (the acquirer reports it).
    const card = input.card?.number ?? null;
    // The customer is found or made in this transaction: a payment never stands without one.
    const customerId = await customerOfPayment(tx, {
      userId: merchant.id,
      email: input.customerEmail,
      name: input.customerName,
    });
    const payment = await insertPaymentOnce(tx, {
      reference,
      productId,
      userId: merchant.id,
      transactionId: transaction.id,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      quantity: input.quantity,
      unitAmount: amounts.unitAmount,
      subtotal: amounts.subtotal,
      fee: amounts.fee,
      customerTotal: amounts.customerTotal,
      merchantNet: amounts.merchantNet,
      currency,
      feeBearer,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerId,
      cardBrand: (card ? cardBrand(card) : 'UNKNOWN') satisfies CardBrand,
      cardLast4: card ? card.slice(-4) : '',
      provider: request.provider,
    });
    if (!payment) throw new LostKeyRace();
    const shop = {
      productName: product.productName,
      businessName: merchant.businessName,
      checkoutLogoUrl: merchant.checkoutLogoUrl,
    };
    return { payment, shop };
  });
}
