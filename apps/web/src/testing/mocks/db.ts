import type {
  App,
  AuditEvent,
  BankAccount,
  BusinessDocument,
  CheckoutPayment,
  CheckoutProduct,
  CustomerDetail,
  DisputeDetail,
  DisputeFile,
  FxQuote,
  Payout,
  PayoutTerms,
  Product,
  Refund,
  SandboxKycSession,
  SignInHistoryEntry,
  Transaction,
  User,
  Wallet,
  WebhookDelivery,
  WebhookDeliveryAttempt,
} from '@bizdash/shared';
import { buildPayoutTerms } from '@/features/payouts/testing/factories';
import { buildUser, buildWallet } from '../factories';
import { initialTeam, type MockTeam } from './team-db';

/** A refusal in the API's words that a mocked endpoint answers instead of doing its work. */
interface MockRefusal {
  status: number;
  error: string;
  code: string;
}

/**
 * What the mocked API holds, every resource of it: a test seeds it, the handlers (all registered in
 * handlers/index.ts) read and change it. The test setup makes it fresh for every test.
 */
export interface MockDb {
  /** The signed-in merchant, and the password sign-in accepts for its email. */
  user: User;
  password: string;
  /** The code the email verification accepts. */
  emailOtp: string;
  /** The token of the one live password reset link; a reset uses it up. */
  resetToken: string | null;
  wallets: Wallet[];
  transactions: Transaction[];
  products: Product[];
  checkoutProducts: CheckoutProduct[];
  payments: CheckoutPayment[];
  /** Wrong codes still allowed per payment waiting for one; absent means all of them. */
  otpAttemptsLeft: Map<string, number>;
  /** The server runs on sandbox providers (the default). */
  testMode: boolean;
  twoFactor: MockTwoFactor;
  /** The merchant's apps (listed ones), with the wallets each holds (their userId is the app's id). */
  apps: App[];
  appWallets: Wallet[];
  /** Apps with transactions: deleting them archives. */
  appsWithHistory: Set<string>;
  /** Settlement accounts: the settlement screen lists them, a payout goes to one. */
  bankAccounts: BankAccount[];
  payouts: Payout[];
  payoutTerms: PayoutTerms;
  /** Every Idempotency-Key POST /payouts answered, with its payout: the same key is answered once. */
  payoutKeys: Map<string, string>;
  /** What POST /payouts answers instead of creating the payout. */
  payoutRefusal: MockRefusal | null;
  /** How many times a new payout confirmation code was asked for. */
  payoutCodesResent: number;
  /** Refunds of card payments in db.transactions, newest first (each with its DEBIT in db.transactions). */
  refunds: Refund[];
  /** Every Idempotency-Key POST /refunds answered, with its refund: the same key is refunded once. */
  refundKeys: Map<string, string>;
  /** The identity provider: why the last check failed, and the widget's sessions. */
  kyc: { reason: string | null; sessions: Map<string, SandboxKycSession> };
  documents: BusinessDocument[];
  /** The next upload or deletion fails as a server error would. */
  documentsFailNext: 'upload' | 'delete' | null;
  /** What the next upload answers instead (storage full, uploads busy...). */
  uploadRefusal: MockRefusal | null;
  /** The merchant's webhook delivery log, newest first. */
  webhookDeliveries: WebhookDelivery[];
  /** A delivery's history when a test sets one; else each attempt answered as the last one did. */
  deliveryAttempts: Record<string, WebhookDeliveryAttempt[]>;
  /** The deliveries sent again, in order. */
  resentDeliveries: string[];
  /** How many API keys were generated (each new key is numbered). */
  apiKeysGenerated: number;
  fx: MockFx;
  /** The merchant's customers, each with the payments and refunds their page lists. */
  customers: CustomerDetail[];
  /** The merchant's disputes, each with its payment, evidence and timeline. */
  disputes: DisputeDetail[];
  /** Evidence files uploaded (POST /disputes/{id}/files), which the evidence may name. */
  disputeFiles: DisputeFile[];
  /** What the next POST of evidence or accept answers instead. */
  disputeRefusal: MockRefusal | null;
  /** The team of issue 23 (mocks/team-db): members, invitations, the person's memberships. */
  team: MockTeam;
  /** The business's audit trail (GET /api/audit-events), in any order: the handler sorts it newest first. */
  auditEvents: AuditEvent[];
  /** The signed-in person's own sign-ins and failed sign-ins (GET /api/users/{id}/sign-ins), newest first. */
  signIns: SignInHistoryEntry[];
}

/** The house's quotes and conversions, over the db's wallets. */
export interface MockFx {
  /** How long a quote is held. */
  quoteTtlMs: number;
  /** What POST /fx/conversions answers instead of converting (once each, in order). */
  conversionAnswers: (() => Response)[];
  quotes: Map<string, FxQuote>;
  /** Each converted quote, with the Idempotency-Key that converted it. */
  converted: Map<string, string>;
}

/** Two-factor sign-in as the mocked API holds it: the app accepts TWO_FACTOR_APP_CODE, each recovery code works once. */
export interface MockTwoFactor {
  enabledAt: string | null;
  /** The secret of a set-up waiting for its first code. */
  pendingSecret: string | null;
  /** Unused recovery codes, as the API compares them (no dash). */
  recoveryCodes: string[];
}

export const USER_PASSWORD = 'Secret123!';
/** 43 base64url characters, as the emailed link carries. */
export const RESET_TOKEN = 'rT0k3n-Ab_cdefghijklmnopqrstuvwxyz012345678';
const EMAIL_OTP = '123456';
/** The name the mocked bank directory gives every account it knows. */
export const BANK_DIRECTORY_NAME = 'Chinedu Emeka Okonkwo';
/** Where the mocked hosted bank link (US accounts) opens. */
export const HOSTED_BANK_LINK_URL =
  'http://localhost/bank-link/sandbox?session=3c0a2f1e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
/** The code the mocked API emails to confirm a payout. */
export const PAYOUT_EMAIL_CODE = '314159';
/** The code the mocked authenticator app shows. */
export const TWO_FACTOR_APP_CODE = '246810';
/** The secret every mocked set-up hands out (base32, as the API's). */
export const TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The recovery codes the mocked API makes (it sends them formatted, xxxxx-xxxxx). */
export const RECOVERY_CODES = [...'abcdefghjk'].map((letter) => `k7p2q${letter}w3tz`);
/** The codes that replace them (POST .../two-factor/recovery-codes). */
export const NEW_RECOVERY_CODES = [...'abcdefghjk'].map((letter) => `n4v8r${letter}h6yd`);
/** What POST /auth/signin answers for an account with two-factor on, before the code. */
export const CHALLENGE_TOKEN = 'eyJ1IjoiOGIxYyJ9.c2lnbmF0dXJl';

/** An account with two-factor on since the given time, with the mocked recovery codes unused. */
export function twoFactorOn(enabledAt = '2026-01-05T09:30:00.000Z'): MockTwoFactor {
  return { enabledAt, pendingSecret: null, recoveryCodes: [...RECOVERY_CODES] };
}

function initialDb(): MockDb {
  return {
    user: buildUser(),
    password: USER_PASSWORD,
    emailOtp: EMAIL_OTP,
    resetToken: RESET_TOKEN,
    wallets: [buildWallet(), buildWallet({ currency: 'USD', availableBalance: 430_603 })],
    transactions: [],
    products: [],
    checkoutProducts: [],
    payments: [],
    otpAttemptsLeft: new Map(),
    testMode: true,
    twoFactor: { enabledAt: null, pendingSecret: null, recoveryCodes: [] },
    apps: [],
    appWallets: [],
    appsWithHistory: new Set(),
    bankAccounts: [],
    payouts: [],
    payoutTerms: buildPayoutTerms(),
    payoutKeys: new Map(),
    payoutRefusal: null,
    payoutCodesResent: 0,
    refunds: [],
    refundKeys: new Map(),
    kyc: { reason: null, sessions: new Map() },
    documents: [],
    documentsFailNext: null,
    uploadRefusal: null,
    webhookDeliveries: [],
    deliveryAttempts: {},
    resentDeliveries: [],
    apiKeysGenerated: 0,
    fx: { quoteTtlMs: 30_000, conversionAnswers: [], quotes: new Map(), converted: new Map() },
    customers: [],
    disputes: [],
    disputeFiles: [],
    disputeRefusal: null,
    team: initialTeam(),
    auditEvents: [],
    signIns: [],
  };
}

export const db: MockDb = initialDb();

export function resetDb(): void {
  Object.assign(db, initialDb());
}
