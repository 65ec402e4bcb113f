import {
  type BankAccount,
  CURRENCY_INFO,
  type Currency,
  formatDateTime,
  formatMaskedAccountNumber,
  TRUNCATE_LIMITS,
  truncate,
} from '@bizdash/shared';
import { Clock, Landmark, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';
import { useNow } from '@/lib/use-now';
import { holdEndsAt, holdLeftText, holdLengthText, isOnHold } from '../amounts';
import { StepActions, StepFrame } from './payout-stepper';

const SETTLEMENT_ACCOUNT_PATH = '/settings/settlement-account';

interface RecipientStepProps {
  currency: Currency;
  /** Every settlement account of the merchant; the step shows the active ones of the wallet's currency. */
  accounts: BankAccount[];
  holdHours: number;
  selected: string | null;
  onBack: () => void;
  onContinue: (bankAccountId: string) => void;
  focusOnMount: boolean;
}

/** The settlement accounts a payout from this wallet can go to, newest first, and whether each can yet. */
export function recipientsFor(accounts: BankAccount[], currency: Currency) {
  return accounts.filter((account) => account.currencyCode === currency && account.status === 'ACTIVE');
}

function AddAccountLink({ first }: { first: boolean }) {
  return (
    <Link to={SETTLEMENT_ACCOUNT_PATH} className={buttonClasses(first ? 'primary' : 'secondary')}>
      <Plus className="size-4" aria-hidden="true" />
      {first ? 'Add a settlement account' : 'Add another account'}
    </Link>
  );
}

/** Step 3: which settlement account receives it; an account added recently waits out its hold. */
export function RecipientStep({
  currency,
  accounts,
  holdHours,
  selected,
  onBack,
  onContinue,
  focusOnMount,
}: RecipientStepProps) {
  const recipients = recipientsFor(accounts, currency);
  // While an account waits out its hold, the time left counts down and the account opens when it ends.
  const now = useNow(
    1_000,
    recipients.some((account) => isOnHold(account, holdHours)),
  );
  const available = (id: string | null) =>
    recipients.some((account) => account.recordId === id && !isOnHold(account, holdHours, now));
  const [choice, setChoice] = useState<string | null>(available(selected) ? selected : null);
  const [error, setError] = useState<string | null>(null);
  const anyOnHold = recipients.some((account) => isOnHold(account, holdHours, now));
  const currencyName = CURRENCY_INFO[currency].name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !available(choice)) {
      setError('Choose the bank account that receives the payout');
      return;
    }
    onContinue(choice);
  };

  return (
    <StepFrame
      title="To which account?"
      description={`Your active settlement accounts in ${currencyName} (${currency}).`}
      focusOnMount={focusOnMount}
    >
      <form noValidate onSubmit={submit}>
        {recipients.length === 0 ? (
          <div
            className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center"
            data-testid="no-settlement-account"
          >
            <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Landmark className="size-6" aria-hidden="true" />
            </div>
            <h3 className="mt-4 text-base font-semibold text-slate-900">
              No active {currencyName} settlement account
            </h3>
            <p className="mt-1.5 max-w-md text-sm text-slate-600">
              Add a bank account in {currency} to pay out to. New accounts can receive payouts{' '}
              {holdHours > 0 ? `${holdLengthText(holdHours)} after they are added` : 'straight away'}.
            </p>
            <div className="mt-6">
              <AddAccountLink first />
            </div>
          </div>
        ) : (
          <fieldset aria-describedby={error ? 'payout-recipient-error' : undefined}>
            <legend className="sr-only">Pay out to</legend>
            <div className="flex flex-col gap-3">
              {recipients.map((account) => {
                const onHold = isOnHold(account, holdHours, now);
                const number = formatMaskedAccountNumber(account.accountNumberMasked);
                return (
                  <ChoiceCard
                    key={account.recordId}
                    name="payout-recipient"
                    value={account.recordId}
                    checked={choice === account.recordId}
                    disabled={onHold}
                    onSelect={(id) => {
                      setChoice(id);
                      setError(null);
                    }}
                    testId="payout-recipient"
                    aside={<span className="font-mono text-sm text-slate-800 tabular-nums">{number}</span>}
                    note={
                      onHold ? (
                        <span className="flex items-center gap-1.5 font-medium text-amber-800">
                          <Clock className="size-4 shrink-0" aria-hidden="true" />
                          Available in {holdLeftText(holdEndsAt(account, holdHours), now)}, from{' '}
                          {formatDateTime(holdEndsAt(account, holdHours))}
                        </span>
                      ) : null
                    }
                  >
                    <span className="flex flex-col">
                      <span className="font-semibold" title={account.bankName}>
                        {truncate(account.bankName, TRUNCATE_LIMITS.bankName)}
                      </span>
                      <span className="text-sm text-slate-600" title={account.accountHolderName}>
                        {truncate(account.accountHolderName, TRUNCATE_LIMITS.accountName)}
                      </span>
                    </span>
                  </ChoiceCard>
                );
              })}
            </div>
            {anyOnHold ? (
              <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
                For your safety, a new settlement account can receive payouts {holdLengthText(holdHours)}{' '}
                after it was added. This cooling-off stops anyone who gets into your account from sending your
                money to a bank account of their own straight away.
              </p>
            ) : null}
            <div className="mt-4">
              <AddAccountLink first={false} />
            </div>
          </fieldset>
        )}
        {error ? (
          <p id="payout-recipient-error" role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <StepActions onBack={onBack}>
          {recipients.length > 0 ? <Button type="submit">Continue</Button> : null}
        </StepActions>
      </form>
    </StepFrame>
  );
}
