import { type CheckoutAmounts, type FeeBearer, formatMoney } from '@bizdash/shared';
import { AmountLine } from '@/components/ui/amount-line';

/** Subtotal, fee and total. A fee the merchant carries shows as none for the customer: the total is the price. */
export function AmountSummary({ amounts, feeBearer }: { amounts: CheckoutAmounts; feeBearer: FeeBearer }) {
  const { currency, quantity, unitAmount } = amounts;
  const customerPaysFee = feeBearer === 'CUSTOMER';
  return (
    <dl className="flex flex-col gap-2.5" aria-label="Amount to pay">
      <AmountLine
        label="Subtotal"
        note={`${quantity.toLocaleString('en')} × ${formatMoney(unitAmount, currency)}`}
        value={formatMoney(amounts.subtotal, currency)}
        testId="amount-subtotal"
      />
      <AmountLine
        label="Fee"
        note={customerPaysFee ? 'Card processing' : 'Covered by the seller'}
        value={formatMoney(customerPaysFee ? amounts.fee : 0, currency)}
        testId="amount-fee"
      />
      <AmountLine
        label="Total"
        value={formatMoney(amounts.customerTotal, currency)}
        testId="amount-total"
        strong
      />
    </dl>
  );
}
