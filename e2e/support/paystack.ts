/** The Paystack stand-in the e2e suite runs (playwright.config.ts) and the product server that uses it. */
export const PAYSTACK_STAND_IN = {
  port: 4320,
  url: 'http://127.0.0.1:4320',
  secretKey: 'sk_test_e2estandin0123456789abcdef',
} as const;

/** A second server of the product with PAYMENTS_PROVIDER, BANK_DIRECTORY_PROVIDER and PAYOUT_RAIL_PROVIDER=paystack. */
export const PAYSTACK_SERVER = { port: 4311, baseURL: 'http://localhost:4311' } as const;
