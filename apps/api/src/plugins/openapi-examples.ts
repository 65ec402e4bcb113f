import type {
  AuditEvent,
  CreatePayoutRequest,
  CreateRefundRequest,
  Customer,
  CustomerDetail,
  DisputeDetail,
  DisputeEvidenceRequest,
  DisputeListItem,
  FxConversion,
  FxConversionRequest,
  FxQuote,
  FxQuoteRequest,
  Payout,
  Product,
  ProductInput,
  Refund,
  Transaction,
  TransactionPage,
  TransactionSearchFilter,
  WalletList,
} from '@bizdash/shared';

/*
 * Examples for the routes a shop's server calls with an API key, shown in the reference at /api/docs. They live
 * here, not on the shared schemas, so the browser's bundle does not carry them; a test parses each with its schema.
 */
const USER_ID = '5f0c2a9e-3b1d-4c6e-8a7f-1d2e3f4a5b6c';
const NGN_WALLET = '3c2a4d55-1e0f-4f7b-8a61-0e9b2d7c5f11';
const USD_WALLET = '7e91b0c2-5d3a-4c8e-9f20-1a4b6c8d0e22';
const PRODUCT_ID = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const BANK_ACCOUNT_ID = '2d4f6a8c-0e1b-4d3f-9a5c-7e9b1d3f5a7c';
const QUOTE_ID = '6a5b4c3d-2e1f-4a9b-8c7d-6e5f4a3b2c1d';

const wallets = {
  wallets: [
    {
      walletId: NGN_WALLET,
      userId: USER_ID,
      currency: 'NGN',
      availableBalance: 48_215_000,
      pendingAmount: 1_500_000,
      status: 'ACTIVE',
      createdAt: '2026-08-02T10:14:00.000Z',
    },
    {
      walletId: USD_WALLET,
      userId: USER_ID,
      currency: 'USD',
      availableBalance: 250_000,
      pendingAmount: 0,
      status: 'ACTIVE',
      createdAt: '2026-08-02T10:14:00.000Z',
    },
  ],
} satisfies WalletList;

const transaction = {
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  transactionId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  impactTime: '2026-11-24T14:05:31.000Z',
  description: 'Adire scarf',
  parentTransactionId: null,
  transactionAmount: 1_500_000,
  currencyCode: 'NGN',
  transactionType: 'CREDIT',
  transactionStatus: 'SUCCESSFUL',
  beneficiary: 'Tolu Adeyemi',
  transactionChannel: 'CARD',
  orderReference: 'ORD-482913',
  failureReason: null,
  walletId: NGN_WALLET,
  userId: USER_ID,
} satisfies Transaction;

const search = {
  type: 'CREDIT',
  status: 'SUCCESSFUL',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-30T23:59:59.999Z',
  query: 'scarf',
} satisfies TransactionSearchFilter;

const page = {
  items: [transaction],
  page: 1,
  size: 10,
  totalElements: 1,
  totalPages: 1,
  nextCursor: null,
} satisfies TransactionPage;

const productInput = {
  productName: 'Adire scarf',
  description: 'Hand-dyed in Abeokuta, 180 x 70 cm',
  amount: 1_500_000,
  currency: 'NGN',
  quantityAvailable: 25,
} satisfies ProductInput;

const product = {
  recordId: PRODUCT_ID,
  ...productInput,
  status: 'ACTIVE',
  createdDate: '2026-11-20T09:30:00.000Z',
  paymentLink: `https://pay.example.com/pay/${PRODUCT_ID}`,
  hasPayments: true,
} satisfies Product;

const payoutRequest = {
  walletId: NGN_WALLET,
  bankAccountId: BANK_ACCOUNT_ID,
  amount: 500_000,
} satisfies CreatePayoutRequest;

const payout = {
  id: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
  ...payoutRequest,
  currency: 'NGN',
  fee: 1_000,
  total: 501_000,
  status: 'PROCESSING',
  confirmation: null,
  confirmBy: null,
  bankName: 'Guaranty Trust Bank',
  accountHolderName: 'Adaeze Okafor',
  accountNumberMasked: '****0876',
  transactionId: 'f6a7b8c9-d0e1-4f2a-9b3c-4d5e6f7a8b9c',
  failureReason: null,
  arrivalEstimate: 'Usually within minutes',
  createdAt: '2026-11-25T09:12:44.000Z',
  settledAt: null,
} satisfies Payout;

const refundRequest = {
  transactionId: transaction.id,
  amount: 500_000,
  reason: 'requested_by_customer',
  merchantNote: 'Customer returned one scarf',
  customerNote: 'Sorry the colour was not what you expected.',
  restock: false,
} satisfies CreateRefundRequest;

const refund = {
  id: 'd4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f7a',
  userId: USER_ID,
  paymentTransactionId: transaction.id,
  paymentId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  walletId: NGN_WALLET,
  currency: 'NGN',
  amount: 500_000,
  reason: 'requested_by_customer',
  merchantNote: 'Customer returned one scarf',
  customerNote: 'Sorry the colour was not what you expected.',
  restock: false,
  status: 'PENDING',
  failureReason: null,
  transactionId: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
  createdAt: '2026-11-25T11:02:10.000Z',
  settledAt: null,
} satisfies Refund;

const customer = {
  id: '8c7b6a5d-4e3f-4b2a-9c1d-0e9f8a7b6c5d',
  userId: USER_ID,
  name: 'Chioma Eze',
  email: 'chioma@example.com',
  firstPaymentAt: '2026-10-02T14:20:05.000Z',
  lastPaymentAt: '2026-11-25T10:40:12.000Z',
  successfulPayments: 3,
  totalSpent: [
    { currency: 'NGN', amount: 1_507_500 },
    { currency: 'USD', amount: 4_500 },
  ],
  refunds: { count: 1, amounts: [{ currency: 'NGN', amount: 500_000 }] },
  disputes: { count: 1 },
  createdAt: '2026-10-02T14:20:05.000Z',
} satisfies Customer;

const customerDetail = {
  customer,
  payments: [
    {
      id: refund.paymentId,
      transactionId: transaction.id,
      reference: 'BZD-7KQ2MX9RTA',
      productName: 'Adire scarf',
      quantity: 2,
      currency: 'NGN',
      amount: 1_005_000,
      status: 'SUCCESSFUL',
      customerName: 'Chioma Eze',
      createdAt: '2026-11-25T10:40:12.000Z',
    },
  ],
  refunds: [
    {
      id: refund.id,
      paymentId: refund.paymentId,
      paymentTransactionId: refund.paymentTransactionId,
      transactionId: refund.transactionId,
      currency: 'NGN',
      amount: 500_000,
      reason: 'requested_by_customer',
      status: 'SUCCEEDED',
      createdAt: refund.createdAt,
    },
  ],
  disputes: [
    {
      id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      paymentId: refund.paymentId,
      paymentTransactionId: transaction.id,
      currency: 'NGN',
      amount: 505_000,
      reason: 'product_not_received',
      status: 'NEEDS_RESPONSE',
      evidenceDueBy: '2026-12-02T10:40:12.000Z',
      createdAt: '2026-11-25T12:00:00.000Z',
    },
  ],
} satisfies CustomerDetail;

const quoteRequest = { from: 'NGN', to: 'USD', amount: 10_000_000, side: 'sell' } satisfies FxQuoteRequest;

const quote = {
  id: QUOTE_ID,
  from: 'NGN',
  to: 'USD',
  side: 'sell',
  midRate: '1550.0000',
  rate: '1573.2500',
  rateBase: 'USD',
  rateCounter: 'NGN',
  spreadBps: 150,
  feeBps: 50,
  fee: 50_000,
  amountIn: 10_000_000,
  amountOut: 6_325,
  expiresAt: '2026-11-25T09:13:14.000Z',
  createdAt: '2026-11-25T09:12:44.000Z',
} satisfies FxQuote;

const conversion = {
  quote,
  reference: `FX-${QUOTE_ID.slice(0, 8).toUpperCase()}`,
  debitTransactionId: 'a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c0d',
  creditTransactionId: 'b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d1e',
  feeTransactionId: 'c9d0e1f2-a3b4-4c5d-8e6f-7a8b9c0d1e2f',
  convertedAt: '2026-11-25T09:12:51.000Z',
} satisfies FxConversion;

const conversionRequest = { quoteId: QUOTE_ID } satisfies FxConversionRequest;

const auditEvent = {
  id: '8d7c6b5a-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
  sequence: 42,
  occurredAt: '2026-11-26T09:14:03.512Z',
  actorPersonId: USER_ID,
  apiKeyPrefix: null,
  actingUserId: USER_ID,
  action: 'api_key.rolled',
  target: { type: 'api_key', id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b' },
  ip: '102.89.34.17',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  outcome: 'success',
  details: {
    userId: USER_ID,
    mode: 'live',
    previousKeyId: '0e1d2c3b-4a59-4687-9a8b-7c6d5e4f3a2b',
    previousKeyExpiresAt: '2026-11-27T09:14:03.512Z',
  },
  hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  actor: { name: 'Ada Okafor', email: 'ada@example.com' },
  device: 'Safari on macOS',
} satisfies AuditEvent;

export interface RouteExamples {
  body?: unknown;
  /** The success answer, by status code. */
  response: Record<number, unknown>;
}

const disputeItem = {
  id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  userId: USER_ID,
  paymentTransactionId: transaction.id,
  paymentId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  reason: 'product_not_received',
  status: 'NEEDS_RESPONSE',
  currency: 'NGN',
  amount: 1_250_000,
  evidenceDueBy: '2026-12-02T11:02:10.000Z',
  transactionId: 'f2a3b4c5-d6e7-4f8a-9b0c-1d2e3f4a5b6c',
  reversalTransactionId: null,
  createdAt: '2026-11-25T11:02:10.000Z',
  closedAt: null,
  customerName: 'Chioma Eze',
  customerEmail: 'chioma@example.com',
  reference: 'BZ-8K2M4P',
} satisfies DisputeListItem;

const disputeEvidence = {
  explanation: 'The scarf was delivered on 20 November and signed for by the customer.',
  customerName: 'Chioma Eze',
  customerEmail: 'chioma@example.com',
  deliveryDetails: 'GIG Logistics, tracking GIG-20931, delivered 2026-11-20',
  fileIds: ['3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f'],
  submit: true,
} satisfies DisputeEvidenceRequest;

const { customerName: _name, customerEmail: _email, reference: _reference, ...disputeFields } = disputeItem;
const dispute = {
  ...disputeFields,
  status: 'UNDER_REVIEW',
  payment: {
    transactionId: transaction.id,
    reference: 'BZ-8K2M4P',
    customerName: 'Chioma Eze',
    customerEmail: 'chioma@example.com',
    currency: 'NGN',
    amount: 1_250_000,
    card: { brand: 'VISA', last4: '0259' },
    paidAt: '2026-11-18T16:40:00.000Z',
  },
  evidence: {
    explanation: disputeEvidence.explanation,
    customerName: disputeEvidence.customerName,
    customerEmail: disputeEvidence.customerEmail,
    deliveryDetails: disputeEvidence.deliveryDetails,
    files: [
      {
        id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
        name: 'delivery-receipt.pdf',
        contentType: 'application/pdf',
        size: 184_320,
        url: '/api/disputes/6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d/files/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
        uploadedAt: '2026-11-26T09:30:00.000Z',
      },
    ],
    submittedAt: '2026-11-26T09:31:12.000Z',
    updatedAt: '2026-11-26T09:31:12.000Z',
  },
  timeline: [
    {
      kind: 'OPENED',
      at: '2026-11-25T11:02:10.000Z',
      description: "The customer's bank disputed ₦12,500.00: the amount is held from your wallet",
    },
    {
      kind: 'EVIDENCE_SUBMITTED',
      at: '2026-11-26T09:31:12.000Z',
      description: 'Evidence submitted to the card network',
    },
  ],
} satisfies DisputeDetail;

/** By "METHOD url" as the route is registered. */
export const PUBLIC_API_EXAMPLES: Record<string, RouteExamples> = {
  'GET /api/wallets/': { response: { 200: wallets } },
  'GET /api/wallets/:walletId': { response: { 200: wallets.wallets[0] } },
  'POST /api/transaction/search': { body: search, response: { 200: page } },
  'GET /api/transaction/:id': { response: { 200: transaction } },
  'GET /api/products/': {
    response: { 200: { items: [product], page: 1, size: 10, totalElements: 1, totalPages: 1 } },
  },
  'POST /api/products/': { body: productInput, response: { 201: product } },
  'GET /api/products/:productId': { response: { 200: product } },
  'PUT /api/products/:productId': {
    body: { ...productInput, quantityAvailable: 40 },
    response: { 200: product },
  },
  'POST /api/payouts/': { body: payoutRequest, response: { 201: payout } },
  'GET /api/payouts/': { response: { 200: { payouts: [payout] } } },
  'GET /api/payouts/:payoutId': { response: { 200: payout } },
  'POST /api/refunds/': { body: refundRequest, response: { 201: refund } },
  'GET /api/refunds/': {
    response: { 200: { items: [refund], page: 1, size: 10, totalElements: 1, totalPages: 1 } },
  },
  'GET /api/refunds/:refundId': { response: { 200: refund } },
  'GET /api/audit-events/': {
    response: { 200: { items: [auditEvent], page: 1, size: 10, totalElements: 1, totalPages: 1 } },
  },
  'GET /api/customers/': {
    response: { 200: { items: [customer], page: 1, size: 10, totalElements: 1, totalPages: 1 } },
  },
  'GET /api/customers/:customerId': { response: { 200: customerDetail } },
  'GET /api/disputes/': {
    response: {
      200: {
        items: [disputeItem],
        page: 1,
        size: 10,
        totalElements: 1,
        totalPages: 1,
        needsResponseCount: 1,
      },
    },
  },
  'GET /api/disputes/summary': { response: { 200: { needsResponseCount: 1 } } },
  'GET /api/disputes/:disputeId': { response: { 200: dispute } },
  'POST /api/disputes/:disputeId/evidence': { body: disputeEvidence, response: { 200: dispute } },
  'POST /api/disputes/:disputeId/accept': {
    response: {
      200: { ...dispute, status: 'ACCEPTED', evidence: null, closedAt: '2026-11-26T09:31:12.000Z' },
    },
  },
  'POST /api/fx/quotes': { body: quoteRequest, response: { 201: quote } },
  'POST /api/fx/conversions': { body: conversionRequest, response: { 201: conversion } },
};
