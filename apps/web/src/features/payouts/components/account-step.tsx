import {
  CURRENCY_INFO,
  currencySymbol,
  formatMoney,
  type PayoutTerms,
  payoutFee,
  type Wallet,
} from '@bizdash/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';
import { canPayOut } from '../amounts';
import { termsFor } from '../api/get-payout-terms';
import { StepActions, StepFrame } from './payout-stepper';

interface AccountStepProps {
  wallets: Wallet[];
  terms: PayoutTerms;
  selected: string | null;
  onContinue: (walletId: string) => void;
  focusOnMount: boolean;
}

/** Why a wallet cannot pay out, or null when it can. */
function walletProblem(wallet: Wallet, terms: PayoutTerms): string | null {
  if (wallet.status.toUpperCase() !== 'ACTIVE') return `This wallet is ${wallet.status.toLowerCase()}.`;
  const currencyTerms = termsFor(terms, wallet.currency);
  if (!currencyTerms) return 'Payouts are not available in this currency.';
  const rules = { balance: wallet.availableBalance, ...currencyTerms };
  if (canPayOut(rules)) return null;
  const money = (minor: number) => formatMoney(minor, wallet.currency);
  const fee = payoutFee(currencyTerms.feeTiers, currencyTerms.minimum);
  return `Not enough to pay out: the smallest payout is ${money(currencyTerms.minimum)} plus a ${money(fee)} fee.`;
}

/** Step 1: the wallet the money leaves, with its balance. */
export function AccountStep({ wallets, terms, selected, onContinue, focusOnMount }: AccountStepProps) {
  const usable = (walletId: string | null) =>
    wallets.some((wallet) => wallet.walletId === walletId && !walletProblem(wallet, terms));
  const [choice, setChoice] = useState<string | null>(usable(selected) ? selected : null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !usable(choice)) {
      setError('Choose the wallet to pay out from');
      return;
    }
    onContinue(choice);
  };

  return (
    <StepFrame
      title="Which wallet?"
      description="Choose the wallet the money leaves. It goes to a bank account in the same currency."
      focusOnMount={focusOnMount}
    >
      <form noValidate onSubmit={submit}>
        <fieldset aria-describedby={error ? 'payout-wallet-error' : undefined}>
          <legend className="sr-only">Pay out from</legend>
          <div className="flex flex-col gap-3">
            {wallets.map((wallet) => {
              const problem = walletProblem(wallet, terms);
              return (
                <ChoiceCard
                  key={wallet.walletId}
                  name="payout-wallet"
                  value={wallet.walletId}
                  checked={choice === wallet.walletId}
                  disabled={Boolean(problem)}
                  onSelect={(walletId) => {
                    setChoice(walletId);
                    setError(null);
                  }}
                  testId={`payout-wallet-${wallet.currency}`}
                  note={problem}
                  aside={
                    <span className="flex flex-col sm:items-end sm:text-right">
                      <span className="text-xs text-slate-600">Available balance</span>
                      <span className="font-semibold text-slate-900 tabular-nums">
                        {formatMoney(wallet.availableBalance, wallet.currency)}
                      </span>
                    </span>
                  }
                >
                  <span className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-100"
                    >
                      {currencySymbol(wallet.currency)}
                    </span>
                    <span className="flex flex-col">
                      <span className="font-semibold">{CURRENCY_INFO[wallet.currency].name} wallet</span>
                      <span className="text-xs text-slate-600">{wallet.currency}</span>
                    </span>
                  </span>
                </ChoiceCard>
              );
            })}
          </div>
        </fieldset>
        {error ? (
          <p id="payout-wallet-error" role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <StepActions>
          <Button type="submit">Continue</Button>
        </StepActions>
      </form>
    </StepFrame>
  );
}
