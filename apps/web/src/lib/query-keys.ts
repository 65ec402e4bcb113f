/**
 * Every query key root, spelled here once. A screen's keys start with a root (`[...queryKeys.wallets, id]`), so
 * invalidating the root (after a change, or on a live notice in use-live-updates) refreshes every query under it.
 */
export const queryKeys = {
  /** Balances (lib/api/wallets), one wallet and money in and out. */
  wallets: ['wallets'],
  /** Transaction lists and details. */
  transactions: ['transactions'],
  products: ['products'],
  /** The merchant (lib/api/user) and what hangs off it: KYC, two-factor, notification settings, webhook log. */
  users: ['users'],
  notifications: ['notifications'],
  /** Settlement accounts (lib/api/bank-accounts). */
  banks: ['banks'],
  payouts: ['payouts'],
  /** A payment's refunds (features/refunds); its DEBIT changing (a live 'transaction' notice) refreshes them. */
  refunds: ['refunds'],
  /** The customers list and a customer's page (features/customers); new payments and refunds refresh them. */
  customers: ['customers'],
  /** Disputes (features/disputes): the list, a dispute's page and the sidebar badge; a 'dispute' notice refreshes them. */
  disputes: ['disputes'],
  /** The business's audit trail (features/audit, the Activity tab) and a person's own sign-ins (Security). */
  audit: ['audit'],
  /** The team (features/team): members, invitations, and the businesses the signed-in person belongs to. */
  team: ['team'],
  /** The new payout's steps, kept in the cache and never fetched. */
  payoutDraft: ['payout'],
  apps: ['apps'],
  documents: ['documents'],
  fx: ['fx'],
  checkout: ['checkout'],
  /** Another account read with its own token (the account-switch page). */
  accounts: ['accounts'],
  health: ['health'],
  /** The served OpenAPI document (features/playground): the same for everyone, fetched once per visit. */
  openApiDocument: ['openapi-document'],
  nigeriaBanks: ['nigeria-banks'],
  bankSandboxAccounts: ['bank-sandbox-accounts'],
  sandboxBankLink: ['sandbox-bank-link'],
  sandboxKycSession: ['sandbox-kyc-session'],
  sandboxMailbox: ['sandbox'],
} as const satisfies Record<string, readonly [string]>;

/** Transaction searches (the lists): what polling refreshes while the live stream is down. */
export const transactionSearchKey = [...queryKeys.transactions, 'search'] as const;
