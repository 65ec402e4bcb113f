import { amountOf, missing, ok, type Reply, type Route, refuse, type StandInRequest, text } from './http.ts';
import {
  customerJson,
  type Refund,
  randomCode,
  type StandInState,
  type Transaction,
  type TransactionStatus,
  timestamp,
} from './state.ts';
import type { WebhookSender } from './webhooks.ts';

/** Paystack's rule for a transaction reference: letters, digits, '-', '.' and '='. */
const TRANSACTION_REFERENCE = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type CheckoutOutcome = Exclude<TransactionStatus, 'ongoing'>;

const GATEWAY_RESPONSES: Record<TransactionStatus, string | null> = {
  ongoing: null,
  success: 'Successful',
  failed: 'Declined',
  abandoned: 'The transaction was not completed',
};

/** Paystack's local card fee: 1.5%, plus ₦100 from ₦2,500, at most ₦2,000 (in kobo). */
const feeOf = (amount: number) =>
  Math.min(Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000);

export interface TransactionsSettings {
  state: StandInState;
  webhooks: WebhookSender;
  /** The base of `authorization_url` (the hosted checkout page). */
  publicUrl: string;
  /** How long a refund stays pending; null: only `processRefunds()` processes it. */
  refundMs: number | null;
  schedule: (ms: number, run: () => void) => void;
}

export function createTransactions({ state, webhooks, publicUrl, refundMs, schedule }: TransactionsSettings) {
  const transactionJson = (transaction: Transaction) => ({
    id: transaction.id,
    domain: state.domain,
    status: transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: transaction.amount,
    message: null,
    gateway_response: GATEWAY_RESPONSES[transaction.status],
    paid_at: transaction.paidAt,
    paidAt: transaction.paidAt,
    created_at: transaction.createdAt,
    createdAt: transaction.createdAt,
    channel: 'card',
    currency: transaction.currency,
    ip_address: null,
    metadata: transaction.metadata,
    fees: transaction.status === 'success' ? feeOf(transaction.amount) : null,
    // A card's details once the customer has used one (Paystack's test Visa card).
    authorization:
      transaction.status === 'ongoing' || transaction.status === 'abandoned'
        ? {}
        : {
            authorization_code: transaction.authorizationCode,
            bin: '408408',
            last4: '4081',
            exp_month: '12',
            exp_year: '2030',
            channel: 'card',
            card_type: 'visa',
            bank: 'TEST BANK',
            country_code: 'NG',
            brand: 'visa',
            reusable: transaction.status === 'success',
            signature: `SIG_${transaction.authorizationCode.slice(5)}`,
            account_name: null,
          },
    customer: customerJson(transaction),
    plan: null,
    requested_amount: transaction.amount,
  });

  /** A refund as create answers it (the transaction in full); fetch and the webhooks name the transaction. */
  const refundJson = (refund: Refund, transaction: 'object' | 'id' = 'id') => ({
    id: refund.id,
    integration: state.integration,
    domain: state.domain,
    transaction: transaction === 'object' ? transactionJson(refund.transaction) : refund.transaction.id,
    transaction_reference: refund.transaction.reference,
    refund_reference: refund.refundReference,
    dispute: null,
    settlement: null,
    amount: refund.amount,
    deducted_amount: refund.amount,
    fully_deducted: true,
    currency: refund.currency,
    channel: 'card',
    status: refund.status,
    refunded_by: null,
    refunded_at: refund.refundedAt,
    expected_at: null,
    customer_note: refund.customerNote,
    merchant_note: refund.merchantNote,
    customer: { email: refund.transaction.email },
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
  });

  /** POST /transaction/initialize */
  function initialize({ body }: StandInRequest): Reply {
    const absent = missing(body, ['email', 'amount']);
    if (absent) return absent;
    const email = text(body, 'email').trim();
    if (!EMAIL.test(email)) return refuse(400, 'Invalid Email Address Passed');
    const amount = amountOf(body.amount);
    if (amount === null) return refuse(400, 'Invalid Amount Sent');
    const reference = text(body, 'reference') || randomCode('', 12);
    if (!TRANSACTION_REFERENCE.test(reference))
      return refuse(400, 'Invalid reference: only -, ., = and alphanumeric characters are allowed');
    if (state.transactions.has(reference)) return refuse(400, 'Duplicate Transaction Reference');
    const transaction: Transaction = {
      id: state.nextId(),
      reference,
      accessCode: randomCode(''),
      amount,
      currency: text(body, 'currency') || 'NGN',
      email,
      callbackUrl: text(body, 'callback_url') || null,
      metadata: body.metadata ?? null,
      status: 'ongoing',
      paidAt: null,
      createdAt: timestamp(),
      refunded: 0,
      customerId: state.nextId(),
      authorizationCode: randomCode('AUTH_', 10),
    };
    state.transactions.set(reference, transaction);
    return ok('Authorization URL created', {
      authorization_url: `${publicUrl}/checkout/${transaction.accessCode}`,
      access_code: transaction.accessCode,
      reference,
    });
  }

  /** GET /transaction/verify/:reference */
  function verify({ params }: StandInRequest): Reply {
    const transaction = state.transactions.get(params[0] ?? '');
    if (!transaction) return refuse(400, 'Transaction reference not found');
    return ok('Verification successful', transactionJson(transaction));
  }

  /** A pending refund's fate: processed (back on the card), or failed (what it took is refundable again). */
  function processRefund(refund: Refund, outcome: 'processed' | 'failed' = 'processed'): void {
    if (refund.status !== 'pending') return;
    refund.status = outcome;
    refund.updatedAt = timestamp();
    if (outcome === 'failed') {
      refund.transaction.refunded -= refund.amount;
      webhooks.send('refund.failed', refundJson(refund));
      return;
    }
    refund.refundReference = randomCode('RFD_', 12);
    refund.refundedAt = refund.updatedAt;
    webhooks.send('refund.processed', refundJson(refund));
  }

  /** POST /refund: a successful transaction, by reference or id, up to what is left of it. */
  function createRefund({ body }: StandInRequest): Reply {
    const absent = missing(body, ['transaction']);
    if (absent) return absent;
    const key = text(body, 'transaction');
    const transaction =
      state.transactions.get(key) ??
      [...state.transactions.values()].find((candidate) => String(candidate.id) === key);
    if (!transaction) return refuse(404, 'Transaction not found');
    if (transaction.status !== 'success')
      return refuse(400, 'Cannot refund a transaction that was not successful');
    const currency = text(body, 'currency');
    if (currency && currency !== transaction.currency)
      return refuse(400, 'Currency does not match the currency of the transaction');
    const left = transaction.amount - transaction.refunded;
    const amount = body.amount === undefined ? left : amountOf(body.amount);
    if (amount === null) return refuse(400, 'Invalid amount');
    if (amount > left || left === 0)
      return refuse(400, 'Refund amount cannot be more than the amount left to refund');
    transaction.refunded += amount;
    const now = timestamp();
    const refund: Refund = {
      id: state.nextId(),
      transaction,
      amount,
      currency: transaction.currency,
      status: 'pending',
      refundReference: null,
      merchantNote:
        text(body, 'merchant_note') ||
        `Refund for transaction ${transaction.reference} by ${transaction.email}`,
      customerNote: text(body, 'customer_note') || `Refund for transaction ${transaction.reference}`,
      refundedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    state.refunds.set(refund.id, refund);
    webhooks.send('refund.pending', refundJson(refund));
    if (refundMs !== null) schedule(refundMs, () => processRefund(refund));
    return ok('Refund has been queued for processing', refundJson(refund, 'object'));
  }

  /** GET /refund/:id */
  function fetchRefund({ params }: StandInRequest): Reply {
    const refund = state.refunds.get(Number(params[0]));
    return refund ? ok('Refund retrieved', refundJson(refund)) : refuse(404, 'Refund not found');
  }

  /** GET /refund: newest first, of one transaction (`transaction`: its id) or all, a page at a time. */
  function listRefunds({ query }: StandInRequest): Reply {
    const transactionId = query.get('transaction');
    const matching = [...state.refunds.values()]
      .filter((refund) => !transactionId || String(refund.transaction.id) === transactionId)
      .reverse();
    const perPage = Math.min(Math.max(Number(query.get('perPage')) || 50, 1), 100);
    const page = Math.max(Math.trunc(Number(query.get('page'))) || 1, 1);
    const items = matching.slice((page - 1) * perPage, page * perPage);
    return ok(
      'Refunds retrieved',
      items.map((refund) => refundJson(refund)),
      {
        total: matching.length,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(Math.ceil(matching.length / perPage), 1),
      },
    );
  }

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/transaction\/initialize$/, handle: initialize },
    { method: 'GET', pattern: /^\/transaction\/verify\/([^/]+)$/, handle: verify },
    { method: 'POST', pattern: /^\/refund$/, handle: createRefund },
    { method: 'GET', pattern: /^\/refund$/, handle: listRefunds },
    { method: 'GET', pattern: /^\/refund\/(\d+)$/, handle: fetchRefund },
  ];

  return {
    routes,
    byAccessCode: (accessCode: string) =>
      [...state.transactions.values()].find((transaction) => transaction.accessCode === accessCode) ?? null,

    /**
     * The customer's choice on the checkout page: the transaction's outcome (once: a second choice changes
     * nothing), `charge.success` for a payment, and where the browser goes next (the callback URL with
     * `trxref` and `reference`, or null when there is none).
     */
    complete(transaction: Transaction, outcome: CheckoutOutcome): string | null {
      if (transaction.status === 'ongoing') {
        transaction.status = outcome;
        if (outcome === 'success') {
          transaction.paidAt = timestamp();
          webhooks.send('charge.success', transactionJson(transaction));
        }
      }
      if (!transaction.callbackUrl) return null;
      const next = new URL(transaction.callbackUrl);
      next.searchParams.set('trxref', transaction.reference);
      next.searchParams.set('reference', transaction.reference);
      return next.toString();
    },

    processAll(outcome: 'processed' | 'failed'): void {
      for (const refund of state.refunds.values()) processRefund(refund, outcome);
    },

    list: () => [...state.transactions.values()].map(transactionJson),
  };
}

export type Transactions = ReturnType<typeof createTransactions>;
