import type { CheckoutPayment, CheckoutProduct, Product, Transaction, User, Wallet } from '@bizdash/shared';
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
}

export const USER_PASSWORD = 'Secret123!';
/** 43 base64url characters, as the emailed link carries. */
export const RESET_TOKEN = 'rT0k3n-Ab_cdefghijklmnopqrstuvwxyz012345678';
const EMAIL_OTP = '123456';

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
  };
}

export const db: MockDb = initialDb();

export function resetDb(): void {
  Object.assign(db, initialDb());
}
