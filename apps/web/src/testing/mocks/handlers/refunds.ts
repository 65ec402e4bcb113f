import {
  CreateRefundRequestSchema,
  formatMoney,
  IDEMPOTENCY_KEY_HEADER,
  REFUND_MESSAGES,
  type Refund,
  RefundIdParamsSchema,
  RefundListQuerySchema,
  RefundPageSchema,
  RefundSchema,
  TransactionSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import {
  apiError,
  contractJson,
  jsonBody,
  notFound,
  pageWindow,
  parseOr400,
  queryOf,
  requireSession,
} from '../utils';

/** What is left to refund of a payment: its amount less its refunds that did not fail. */
function refundableOf(paymentTransactionId: string, amount: number): number {
  const refunded = db.refunds
    .filter((refund) => refund.paymentTransactionId === paymentTransactionId && refund.status !== 'FAILED')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return amount - refunded;
}

/** Refunds over db.refunds, of the card payments in db.transactions, paid from db.wallets. */
export const refundsHandlers = [
  http.post('/api/refunds', async ({ request }) => {
    requireSession(request);
    const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
    if (!key) return apiError(400, 'Idempotency-Key header is required', 'VALIDATION_ERROR');
    const input = parseOr400(CreateRefundRequestSchema, await jsonBody(request));
    const replay = db.refunds.find((refund) => refund.id === db.refundKeys.get(key));
    if (replay) return contractJson(RefundSchema, replay, 201);

    const payment = db.transactions.find((transaction) => transaction.id === input.transactionId);
    if (!payment) return notFound(REFUND_MESSAGES.paymentNotFound);
    if (payment.transactionType !== 'CREDIT' || payment.transactionChannel !== 'CARD')
      return apiError(409, REFUND_MESSAGES.notACardPayment, 'NOT_A_CARD_PAYMENT');
    if (payment.transactionStatus !== 'SUCCESSFUL')
      return apiError(409, REFUND_MESSAGES.notSuccessful, 'PAYMENT_NOT_SUCCESSFUL');
    const { currencyCode: currency } = payment;
    const refundable = refundableOf(payment.id, payment.transactionAmount);
    if (refundable <= 0) return apiError(409, REFUND_MESSAGES.fullyRefunded, 'FULLY_REFUNDED');
    const amount = input.amount ?? refundable;
    if (amount > refundable) {
      return apiError(
        409,
        `At most ${formatMoney(refundable, currency)} of this payment can still be refunded.`,
        'AMOUNT_OVER_REFUNDABLE',
      );
    }
    if (input.restock && amount !== refundable)
      return apiError(400, REFUND_MESSAGES.restockNeedsFullRefund, 'RESTOCK_NEEDS_FULL_REFUND');
    const wallet = db.wallets.find((candidate) => candidate.walletId === payment.walletId);
    if (!wallet) return notFound(REFUND_MESSAGES.paymentNotFound);
    if (wallet.availableBalance < amount) {
      return apiError(
        409,
        `${REFUND_MESSAGES.insufficientBalance} It holds ${formatMoney(wallet.availableBalance, currency)}; this refund needs ${formatMoney(amount, currency)}.`,
        'INSUFFICIENT_BALANCE',
      );
    }

    const now = new Date().toISOString();
    const debitId = crypto.randomUUID();
    // The refund's DEBIT: a card transaction, child of the payment, CREATED until the card network answers.
    const debit = TransactionSchema.parse({
      ...payment,
      id: debitId,
      transactionId: debitId,
      impactTime: now,
      description: `Refund: ${payment.description}`,
      parentTransactionId: payment.id,
      transactionAmount: amount,
      transactionType: 'DEBIT',
      transactionStatus: 'CREATED',
      failureReason: null,
    });
    const refund: Refund = RefundSchema.parse({
      id: crypto.randomUUID(),
      userId: payment.userId,
      paymentTransactionId: payment.id,
      paymentId: crypto.randomUUID(),
      walletId: wallet.walletId,
      currency,
      amount,
      reason: input.reason,
      merchantNote: input.merchantNote,
      customerNote: input.customerNote,
      restock: input.restock,
      status: 'PENDING',
      failureReason: null,
      transactionId: debit.id,
      createdAt: now,
      settledAt: null,
    });
    db.transactions = [debit, ...db.transactions];
    db.wallets = db.wallets.map((candidate) =>
      candidate.walletId === wallet.walletId
        ? { ...candidate, availableBalance: candidate.availableBalance - amount }
        : candidate,
    );
    db.refunds = [refund, ...db.refunds];
    db.refundKeys.set(key, refund.id);
    return contractJson(RefundSchema, refund, 201);
  }),

  http.get('/api/refunds', ({ request }) => {
    requireSession(request);
    const query = parseOr400(RefundListQuerySchema, queryOf(request));
    const selected = db.refunds.filter(
      (refund) =>
        (!query.transactionId || refund.paymentTransactionId === query.transactionId) &&
        (!query.status || refund.status === query.status),
    );
    const [items, { page, size, totalElements }] = pageWindow(selected, query);
    return contractJson(RefundPageSchema, {
      items,
      page,
      size,
      totalElements,
      totalPages: Math.ceil(totalElements / size),
    });
  }),

  http.get('/api/refunds/:refundId', ({ request, params }) => {
    requireSession(request);
    const { refundId } = parseOr400(RefundIdParamsSchema, params);
    const refund = db.refunds.find((candidate) => candidate.id === refundId);
    return refund ? contractJson(RefundSchema, refund) : notFound(REFUND_MESSAGES.refundNotFound);
  }),
];
