import type {
  App,
  CheckoutPayment,
  CheckoutProduct,
  Product,
  Transaction,
  User,
  Wallet,
} from '@bizdash/shared';
import { buildUser, buildWallet } from '../factories';

/** What the mocked API holds: a test seeds it, the handlers read and change it. Fresh for every test. */
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
  };
}

export const db: MockDb = initialDb();

export function resetDb(): void {
  Object.assign(db, initialDb());
}
