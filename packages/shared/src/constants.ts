export const CURRENCIES = ['NGN', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const isCurrency = (code: string): code is Currency =>
  (CURRENCIES as readonly string[]).includes(code);

/** A band of the payout fee schedule: payouts up to `upTo` minor units (null: any amount) cost `fee` minor units. */
export interface PayoutFeeTier {
  upTo: number | null;
  fee: number;
}

/** What differs by currency. Amounts are minor units (kobo, cents). */
export interface CurrencyInfo {
  /** As a sentence says it: "your Naira wallet". */
  name: string;
  /** The narrow symbol before an amount. */
  symbol: string;
  /** Decimal digits of the minor unit: 2 is 100 kobo to the naira, 100 cents to the dollar. */
  minorDigits: number;
  /** Defaults of the payout limits (PAYOUT_LIMITS overrides them): the smallest payout, and the most a merchant
   * and all its apps together pay out in any 24 hours. */
  payoutMinimum: number;
  payoutDailyLimit: number;
  /** Default fee bands (PAYOUT_FEES overrides them). */
  payoutFees: PayoutFeeTier[];
  /** How long a payout usually takes to arrive on this currency's rail. */
  payoutArrival: string;
}

/**
 * Every currency's facts in one record: a new currency is one entry here (the database's CHECKs and the zod
 * enums follow CURRENCIES). Payout fees are in the spirit of Nigerian instant-transfer pricing (₦10 up to ₦5,000,
 * ₦25 up to ₦50,000, ₦50 above) and a flat $1 for a USD bank payout.
 */
export const CURRENCY_INFO: Record<Currency, CurrencyInfo> = {
  NGN: {
    name: 'Naira',
    symbol: '₦',
    minorDigits: 2,
    payoutMinimum: 100_00,
    payoutDailyLimit: 5_000_000_00,
    payoutFees: [
      { upTo: 5_000_00, fee: 10_00 },
      { upTo: 50_000_00, fee: 25_00 },
      { upTo: null, fee: 50_00 },
    ],
    payoutArrival: 'Usually within minutes',
  },
  USD: {
    name: 'Dollars',
    symbol: '$',
    minorDigits: 2,
    payoutMinimum: 1_00,
    payoutDailyLimit: 10_000_00,
    payoutFees: [{ upTo: null, fee: 1_00 }],
    payoutArrival: 'Usually 1-3 business days',
  },
};

export const TRUNCATE_LIMITS = {
  productName: 40,
  bankName: 30,
  accountName: 30,
  transactionName: 20,
  beneficiary: 20,
  filename: 45,
} as const;

export const SEARCH_PAGE_SIZE = 10;

export const TOAST_DURATIONS_MS = { success: 2000, error: 4000, default: 4000 } as const;
export const MAX_TOASTS = 20;

const MINUTE_MS = 60_000;
export const CACHE_TIMINGS_MS = {
  staleTime: 5 * MINUTE_MS,
  gcTime: 24 * 60 * MINUTE_MS,
  refetchInterval: 30 * MINUTE_MS,
  transactionDetailRefetch: MINUTE_MS,
  banksStale: MINUTE_MS,
  banksRefetch: 3 * MINUTE_MS,
  /** Money screens poll this often only while their live stream (GET /api/events/stream) cannot be opened. */
  liveRefresh: 5_000,
} as const;

export const UPLOAD_LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxFiles: 10 } as const;

export const BUSINESS_DOCUMENT_NAMES = [
  'articles_of_incorporation',
  'secretary_of_state_filing',
  'business_tax_id_number',
  'proof_of_business_address',
  'status_report',
] as const;

export const DEFAULT_NOTIFICATION_SETTINGS = {
  inApp: true,
  accountUpdates: true,
  incomingPayments: false,
  outgoingTransfer: false,
  securityAlerts: false,
  refunds: false,
  disputes: true,
  email: false,
} as const;

/** A merchant is KYC-verified when its status is ACTIVE; it starts out pending. */
/** IN_REVIEW and KYC_FAILED: the identity check is waiting for a person, or failed (the merchant may retry). */
export const USER_STATUSES = ['PENDING_KYC', 'IN_REVIEW', 'KYC_FAILED', 'ACTIVE', 'SUSPENDED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const SOURCE_SYSTEM = 'bizdash';

export const OTP_RULES = { length: 6, ttlMinutes: 10, maxWrongTries: 5 } as const;

/** The element of /pay/{id}'s HTML holding the product the server rendered the page with (JSON). */
export const CHECKOUT_PAGE_DATA_ID = 'checkout-product-data';
