import { formatSignedMoney, type Transaction } from '@bizdash/shared';
import { cn } from '@/lib/cn';

type AmountFields = Pick<Transaction, 'transactionAmount' | 'currencyCode' | 'transactionType'>;

/** The amount in its currency; debits are red with a minus sign (SPEC section 3). */
export function TransactionAmount({
  transaction,
  className,
}: {
  transaction: AmountFields;
  className?: string;
}) {
  const debit = transaction.transactionType === 'DEBIT';
  return (
    <span
      data-testid="transaction-amount"
      data-type={transaction.transactionType}
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        debit ? 'text-red-700' : 'text-slate-900',
        className,
      )}
    >
      {formatSignedMoney(
        transaction.transactionAmount,
        transaction.currencyCode,
        transaction.transactionType,
      )}
    </span>
  );
}
