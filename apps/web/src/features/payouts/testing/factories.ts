import {
  type BankAccount,
  BankAccountSchema,
  CURRENCY_INFO,
  type Payout,
  PayoutSchema,
  type PayoutTerms,
  PayoutTermsSchema,
} from '@bizdash/shared';
import { WALLET_IDS } from '@/testing/factories';

export const BANK_ACCOUNT_IDS = {
  gtbank: 'b1a2c3d4-0000-4000-8000-000000000001',
  zenith: 'b1a2c3d4-0000-4000-8000-000000000002',
  usd: 'b1a2c3d4-0000-4000-8000-000000000003',
} as const;

const DAY_MS = 24 * 3_600_000;

/** Terms as the API's defaults: ₦100 / $1 minimum, ₦5,000,000 / $10,000 a day, the README's fees, a 24 h hold. */
export function buildPayoutTerms(overrides: Partial<PayoutTerms> = {}): PayoutTerms {
  return PayoutTermsSchema.parse({
    holdHours: 24,
    twoFactor: false,
    currencies: [
      {
        currency: 'NGN',
        minimum: 10_000,
        dailyLimit: 500_000_000,
        usedToday: 0,
        feeTiers: CURRENCY_INFO.NGN.payoutFees,
        arrivalEstimate: 'Usually within minutes',
      },
      {
        currency: 'USD',
        minimum: 100,
        dailyLimit: 1_000_000,
        usedToday: 0,
        feeTiers: CURRENCY_INFO.USD.payoutFees,
        arrivalEstimate: 'Usually 1-3 business days',
      },
    ],
    ...overrides,
  });
}

/** An active NGN settlement account at GTBank, added two days ago (past its hold). */
export function buildBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return BankAccountSchema.parse({
    recordId: BANK_ACCOUNT_IDS.gtbank,
    bankName: 'GTBank',
    accountHolderName: 'Ada Okafor',
    accountNumberMasked: '6789',
    status: 'ACTIVE',
    currencyCode: 'NGN',
    accountType: 'savings',
    createdAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    ...overrides,
  });
}

let payoutCounter = 0;

/** A ₦5,000 payout to GTBank ****6789 that settled; each call gets a fresh id. */
export function buildPayout(overrides: Partial<Payout> = {}): Payout {
  payoutCounter += 1;
  const amount = overrides.amount ?? 500_000;
  const fee = overrides.fee ?? 1_000;
  return PayoutSchema.parse({
    id: `a0000000-0000-4000-8000-${String(payoutCounter).padStart(12, '0')}`,
    walletId: WALLET_IDS.NGN,
    bankAccountId: BANK_ACCOUNT_IDS.gtbank,
    currency: 'NGN',
    amount,
    fee,
    total: amount + fee,
    status: 'SUCCESSFUL',
    confirmation: 'email',
    confirmBy: null,
    bankName: 'GTBank',
    accountHolderName: 'Ada Okafor',
    accountNumberMasked: '****6789',
    transactionId: null,
    failureReason: null,
    arrivalEstimate: 'Usually within minutes',
    createdAt: '2026-03-05T10:15:00.000Z',
    settledAt: '2026-03-05T10:15:05.000Z',
    ...overrides,
  });
}
