/** The merchant the e2e server is seeded with before it starts (see playwright.config.ts). */
export const SEEDED_MERCHANT = {
  email: 'e2e-seeded@bizdash.local',
  password: 'Seeded!Merchant2026',
  transactions: 1200,
} as const;
