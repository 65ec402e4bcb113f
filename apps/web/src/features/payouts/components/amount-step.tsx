import { CURRENCY_INFO, type Currency, formatMoney, type PayoutFeeTier, type Wallet } from '@bizdash/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AmountField } from '@/components/ui/amount-field';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { checkAmount, dailyLimitLeft } from '../amounts';
import type { CurrencyTerms } from '../api/get-payout-terms';
import { StepActions, StepFrame } from './payout-stepper';

interface AmountStepProps {
  wallet: Wallet;
  terms: CurrencyTerms;
  initialText: string;
  onBack: () => void;
  onContinue: (amount: { text: string; amount: number }) => void;
  focusOnMount: boolean;
}

/** '₦10.00 up to ₦5,000.00, ₦25.00 up to ₦50,000.00, ₦50.00 above'; one band: '$1.00 a payout'. */
function feeScheduleText(tiers: PayoutFeeTier[], currency: Currency): string {
  const money = (minor: number) => formatMoney(minor, currency);
  if (tiers.length === 1) return `${money(tiers[0]?.fee ?? 0)} a payout`;
  return tiers
    .map((tier) =>
      tier.upTo === null ? `${money(tier.fee)} above` : `${money(tier.fee)} up to ${money(tier.upTo)}`,
    )
    .join(', ');
}

function Figure({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={cn('shrink-0 text-sm', strong ? 'font-medium text-slate-900' : 'text-slate-600')}>
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'min-w-0 text-right tabular-nums',
          strong ? 'text-base font-semibold text-slate-900' : 'text-sm text-slate-800',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** Step 2: how much, in major units typed as text (read exactly), with the fee, the total and the limits. */
export function AmountStep({
  wallet,
  terms,
  initialText,
  onBack,
  onContinue,
  focusOnMount,
}: AmountStepProps) {
  const id = useId();
  const [text, setText] = useState(initialText);
  // Messages wait for the first Continue, then follow every keystroke.
  const [submitted, setSubmitted] = useState(false);
  const { currency } = wallet;
  const money = (minor: number) => formatMoney(minor, currency);
  const rules = { ...terms, currency, balance: wallet.availableBalance };
  const check = checkAmount(text, rules);
  const error = submitted ? (check.error ?? undefined) : undefined;
  const left = dailyLimitLeft(terms);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.error || check.amount === null) {
      document.getElementById(id)?.focus();
      return;
    }
    onContinue({ text: text.trim(), amount: check.amount });
  };

  return (
    <StepFrame
      title="How much?"
      description={
        <>
          From your {CURRENCY_INFO[currency].name} wallet, available balance{' '}
          <span className="font-medium text-slate-800 tabular-nums" data-testid="payout-balance">
            {money(wallet.availableBalance)}
          </span>
          .
        </>
      }
      focusOnMount={focusOnMount}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <AmountField
          id={id}
          label={`Amount (${currency})`}
          currency={currency}
          value={text}
          onChange={setText}
          error={error}
          hint={`Fee: ${feeScheduleText(terms.feeTiers, currency)}`}
        />

        <dl
          className="flex flex-col gap-2 rounded-lg bg-slate-50 px-4 py-3.5 ring-1 ring-slate-200"
          aria-live="polite"
        >
          <Figure label="Fee" value={check.fee === null ? '—' : money(check.fee)} testId="payout-fee" />
          <Figure
            label="Total leaving your wallet"
            value={check.total === null ? '—' : money(check.total)}
            strong
            testId="payout-total"
          />
          <div className="my-1 border-t border-slate-200" />
          <Figure label="Minimum payout" value={money(terms.minimum)} testId="payout-minimum" />
          <Figure
            label="Daily limit left"
            value={
              // Two unbreakable parts: a narrow phone wraps between them, never inside an amount.
              <>
                <span className="whitespace-nowrap">{money(left)}</span>{' '}
                <span className="whitespace-nowrap">of {money(terms.dailyLimit)}</span>
              </>
            }
            testId="payout-limit-left"
          />
        </dl>

        <StepActions onBack={onBack}>
          <Button type="submit">Continue</Button>
        </StepActions>
      </form>
    </StepFrame>
  );
}
