/**
 * What other features may use of banks: the user's settlement accounts (User.banks of SPEC section 3), the account
 * a payout goes to (found, locked), and for payouts' lists the table with the columns a payout shows.
 */

export { bankLinkCallbackRoutes, bankLinkRoutes } from './bank-link.routes.ts';
export { bankLinkSandboxRoutes } from './bank-link-sandbox.routes.ts';
export {
  joinableBankAccounts,
  maskedAccountColumns,
  settlementAccountsFromJson,
  settlementAccountsOf,
} from './banks.joins.ts';
export { findOwnedBankAccount, keepRailRecipientCode, lockBankAccount } from './banks.repository.ts';
export { banksRoutes } from './banks.routes.ts';
export { deactivateBankAccount, getBankAccounts, seedDemoSettlementAccounts } from './banks.service.ts';
