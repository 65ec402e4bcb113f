/**
 * The money module's public face: other features move and read money only through these. Ledger postings,
 * wallet balances and transaction records stay consistent because nothing outside reaches their internals; the
 * few hot-path statements that read a wallet or transaction beside their own rows join it through money.joins.ts.
 */
export { postTransfersInBulk } from './ledger/ledger.service.ts';
export type { SystemAccountCode } from './ledger/ledger.types.ts';
export { verifyLedger } from './ledger/ledger.verify.ts';
export {
  eachOwnedWalletEntry,
  type KindTotals,
  type StatementEntry,
  summarizeOwnedWalletPeriod,
} from './ledger/wallet-statement.repository.ts';
export { joinableTransactions, joinableWallets, sellerWalletColumns } from './money.joins.ts';
export {
  holdForDispute,
  releaseDisputeHold,
  settleDisputeLoss,
  sumTakenBackFromPayment,
} from './transactions/dispute-movements.ts';
export {
  backdatePayoutMovements,
  hasMoneyHistory,
  insertTransactionsInBulk,
  settledBalanceAt,
} from './transactions/history.repository.ts';
export {
  debitForPayout,
  debitForRefund,
  returnSettledPayout,
  reversePayoutDebit,
  reverseRefundDebit,
  settlePayoutDebit,
  settleRefundDebit,
} from './transactions/in-transit-movements.ts';
export { childIdBelow } from './transactions/transaction-cursor.ts';
export { findOwnedTransaction } from './transactions/transactions.repository.ts';
export {
  recordTransaction,
  settleTransaction,
  settleWithFee,
} from './transactions/transactions.service.ts';
export {
  findOwnedWallet,
  findUsersHoldingMoney,
  listWallets,
  lockOwnedWallet,
  lockOwnedWallets,
  openWallets,
} from './wallets/wallets.repository.ts';
