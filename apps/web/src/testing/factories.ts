import {
  type Product,
  type ProductPage,
  ProductPageSchema,
  ProductSchema,
  pageOf,
  type Transaction,
  type TransactionPage,
  TransactionPageSchema,
  TransactionSchema,
  type User,
  UserSchema,
  type Wallet,
  WalletSchema,
  type WalletSummary,
  WalletSummarySchema,
} from '@bizdash/shared';

/** The signed-in merchant of every test. */
export const USER_ID = '8b1c3f7e-2d4a-4c6b-9e1f-0a2b3c4d5e6f';

/** A User that passes the shared schema, so tests break when the contract changes. */
export function buildUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    recordId: USER_ID,
    status: 'PENDING_KYC',
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada@example.com',
    emailVerified: true,
    phoneNumber: '+2348012345678',
    profilePictureUrl: null,
    businessName: 'Okafor Foods',
    countryOfBusiness: 'Nigeria',
    businessDescription: null,
    chargeCheckoutFeeToCustomer: false,
    checkoutLogUrl: null,
    isApp: false,
    apiKey: {
      apiKey: null,
      webhookUrl: null,
      webhookSecret: null,
      createdAt: null,
      lastUsedAt: null,
      previousKeyExpiresAt: null,
      keyRollOverlapHours: 24,
      previousWebhookSecretExpiresAt: null,
      webhookDisabledReason: null,
    },
    wallets: [],
    banks: [],
    ...overrides,
  });
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT: the client only reads its exp claim. */
export function buildToken({ expiresInSeconds = 3600 }: { expiresInSeconds?: number } = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ sub: 'user', exp }))}.signature`;
}

export const WALLET_IDS = {
  NGN: '3f1e2d4c-5b6a-4978-8a1b-2c3d4e5f6a7b',
  USD: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
} as const;

let transactionCounter = 0;

/** A Transaction that passes the shared schema; each call gets a fresh id. */
export function buildTransaction(overrides: Partial<Transaction> = {}): Transaction {
  transactionCounter += 1;
  const id = `00000000-0000-4000-8000-${String(transactionCounter).padStart(12, '0')}`;
  return TransactionSchema.parse({
    id,
    transactionId: id,
    impactTime: '2026-03-05T10:15:00.000Z',
    description: 'Payment for Ankara fabric bundle',
    parentTransactionId: null,
    transactionAmount: 2_500_000,
    currencyCode: 'NGN',
    transactionType: 'CREDIT',
    transactionStatus: 'SUCCESSFUL',
    beneficiary: 'Chukwuemeka Enterprises Limited',
    transactionChannel: 'CARD',
    orderReference: 'ORD-100200',
    failureReason: null,
    walletId: WALLET_IDS.NGN,
    userId: USER_ID,
    ...overrides,
  });
}

export function buildTransactionPage(
  items: Transaction[],
  { page = 1, size = 10, totalElements = items.length }: Partial<Omit<TransactionPage, 'items'>> = {},
): TransactionPage {
  return TransactionPageSchema.parse(pageOf(items, { page, size }, totalElements));
}

export function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  const currency = overrides.currency ?? 'NGN';
  return WalletSchema.parse({
    walletId: WALLET_IDS[currency],
    userId: USER_ID,
    currency,
    availableBalance: 108_250_264,
    pendingAmount: 1_500_000,
    status: 'ACTIVE',
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  });
}

let productCounter = 0;

/** A Product that passes the shared schema; each call gets a fresh id and the payment link that goes with it. */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  productCounter += 1;
  const recordId =
    overrides.recordId ?? `10000000-0000-4000-8000-${String(productCounter).padStart(12, '0')}`;
  return ProductSchema.parse({
    recordId,
    productName: 'Ankara fabric bundle',
    description: 'Six yards of cotton Ankara print.',
    amount: 2_500_050,
    currency: 'NGN',
    quantityAvailable: 25,
    status: 'ACTIVE',
    createdDate: '2026-11-22T09:00:00.000Z',
    paymentLink: `http://localhost:8080/pay/${recordId}`,
    hasPayments: false,
    ...overrides,
  });
}

export function buildProductPage(
  items: Product[],
  { page = 1, size = 10, totalElements = items.length }: Partial<Omit<ProductPage, 'items'>> = {},
): ProductPage {
  return ProductPageSchema.parse(pageOf(items, { page, size }, totalElements));
}

/** Days of zero movement from a date on, as the summary endpoint returns them. */
export function quietDays(from: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.parse(from) + index * 86_400_000).toISOString().slice(0, 10),
    moneyIn: 0,
    moneyOut: 0,
  }));
}

export function buildWalletSummary(summary: WalletSummary): WalletSummary {
  return WalletSummarySchema.parse(summary);
}
