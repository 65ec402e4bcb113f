import type { Transaction } from '@bizdash/shared';
import { type ComponentType, createContext, useContext } from 'react';

/** What another feature shows under a transaction's details (a payment's refunds), given the transaction shown. */
type TransactionDetailExtra = ComponentType<{ transaction: Transaction }>;

const TransactionDetailContext = createContext<TransactionDetailExtra | null>(null);

/**
 * The transactions feature's details modal renders this slot; app/ fills it (app-layout) with what other features
 * add to a transaction's details, so that features/transactions imports none of them.
 */
export const TransactionDetailExtraProvider = TransactionDetailContext.Provider;

/** The slot: whatever app/ put there for this transaction, or nothing (a test rendering the feature alone). */
export function TransactionDetailExtraSlot({ transaction }: { transaction: Transaction }) {
  const Extra = useContext(TransactionDetailContext);
  return Extra ? <Extra transaction={transaction} /> : null;
}
