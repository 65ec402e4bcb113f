import { transactions } from '../../db/schema/transactions.ts';
import { wallets } from '../../db/schema/wallets.ts';

/**
 * For the hot-path statements of other features that read a wallet or a transaction in the same query rather than
 * in a round trip of their own (a checkout payment locked with its transaction, a product with its seller's
 * wallet): the tables to join and the columns read. Money moves and transactions change only through the face's
 * verbs.
 */
export const joinableWallets = wallets;
export const joinableTransactions = transactions;

/** The seller's wallet a checkout pays into. */
export const sellerWalletColumns = {
  id: wallets.id,
  userId: wallets.userId,
  currency: wallets.currency,
  status: wallets.status,
};
