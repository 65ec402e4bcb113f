/** What other features may use of banks: the user's settlement accounts (User.banks of SPEC section 3). */

export { bankLinkCallbackRoutes, bankLinkRoutes } from './bank-link.routes.ts';
export { bankLinkSandboxRoutes } from './bank-link-sandbox.routes.ts';
export { banksRoutes } from './banks.routes.ts';
export { bankAccountsOfUser, deactivateBankAccount, seedDemoSettlementAccounts } from './banks.service.ts';
