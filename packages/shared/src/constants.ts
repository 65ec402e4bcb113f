export const CURRENCIES = ['NGN', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_DISPLAY_NAMES: Record<Currency, string> = { NGN: 'Naira', USD: 'Dollars' };

/** Minor units per major unit: kobo per naira, cents per dollar. */
export const CURRENCY_MINOR_DIGITS: Record<Currency, number> = { NGN: 2, USD: 2 };

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
