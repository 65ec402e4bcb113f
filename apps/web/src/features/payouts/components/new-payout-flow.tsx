import { CURRENCY_DISPLAY_NAMES, payoutFee, type UserStatus, type Wallet } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useActingUserId } from '@/lib/acting-profile';
import { getBankAccountsQueryOptions } from '@/lib/api/bank-accounts';
import { isOnHold } from '../amounts';
import { termsFor, usePayoutTerms } from '../api/get-payout-terms';
import { PAYOUT_STEPS, type PayoutStep, usePayoutDraft } from '../payout-draft';
import { AccountStep } from './account-step';
import { AmountStep } from './amount-step';
import { KycGate } from './kyc-gate';
import { accountLabel } from './payout-status-badge';
import { PayoutStepper } from './payout-stepper';
import { RecipientStep, recipientsFor } from './recipient-step';
import { ReviewStep } from './review-step';

/** A query the app composes in (features do not import each other): its data and how it is going. */
interface Loaded<T> {
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

interface NewPayoutFlowProps {
  /** The merchant: only status ACTIVE (KYC complete) can pay out. */
  user: Loaded<{ status: UserStatus }>;
  wallets: Loaded<Wallet[]>;
}

const isStep = (value: string | null): value is PayoutStep => PAYOUT_STEPS.includes(value as PayoutStep);

/**
 * The new payout: account -> amount -> recipient -> review, one step at a time. The step lives in the address
 * (?step=amount), so the browser's Back goes back a step; what each step chose lives in the cache, so a merchant
 * who leaves to add a settlement account comes back to it. A step whose earlier steps are not done shows the
 * first that is not.
 */
export function NewPayoutFlow({ user, wallets }: NewPayoutFlowProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const terms = usePayoutTerms();
  // Read again on every visit: an account added a moment ago, or its hold, decides what can be chosen. The step
  // shows its own error state.
  const accounts = useQuery({
    ...getBankAccountsQueryOptions(useActingUserId()),
    staleTime: 0,
    meta: { errorToast: false },
  });
  const { draft, save, clear } = usePayoutDraft();
  // The first step shown is not focused (the page just opened); every later one is.
  const firstShown = useRef<PayoutStep | null>(null);

  for (const query of [user, terms, wallets]) {
    if (!query.data && query.error) return <QueryErrorState query={{ ...query, error: query.error }} />;
  }
  if (!user.data) return <PageSpinner />;
  if (user.data.status !== 'ACTIVE') return <KycGate status={user.data.status} />;
  if (!terms.data || !wallets.data) return <PageSpinner />;

  const requested = params.get('step');

  const wallet = wallets.data.find((candidate) => candidate.walletId === draft.account?.walletId);
  const currencyTerms = wallet ? termsFor(terms.data, wallet.currency) : undefined;
  const amount = wallet && draft.amount?.walletId === wallet.walletId ? draft.amount : null;
  const recipients = wallet && accounts.data ? recipientsFor(accounts.data, wallet.currency) : [];
  const recipient =
    amount && draft.recipient?.walletId === wallet?.walletId
      ? recipients.find(
          (account) =>
            account.recordId === draft.recipient?.bankAccountId && !isOnHold(account, terms.data.holdHours),
        )
      : undefined;
  const firstOpen: PayoutStep = !wallet || !currencyTerms ? 'account' : !amount ? 'amount' : 'recipient';
  const reachable = recipient ? 'review' : firstOpen;
  const wanted: PayoutStep = isStep(requested) ? requested : 'account';
  const step = PAYOUT_STEPS.indexOf(wanted) <= PAYOUT_STEPS.indexOf(reachable) ? wanted : reachable;
  firstShown.current ??= step;
  const focusOnMount = firstShown.current !== step;
  // Continue adds the next step to the history, noting where it came from; Back to that step is the browser's
  // Back, so the history stays the way the merchant walked. Any other jump back replaces the entry.
  const goTo = (next: PayoutStep) => setParams({ step: next }, { state: { payoutStepFrom: step } });
  const goBackTo = (earlier: PayoutStep) => {
    if ((location.state as { payoutStepFrom?: string } | null)?.payoutStepFrom === earlier) void navigate(-1);
    else setParams({ step: earlier }, { replace: true });
  };
  const back = (to: PayoutStep) => () => goBackTo(to);

  let content: ReactNode;
  if (step === 'account' || !wallet || !currencyTerms) {
    content = (
      <AccountStep
        wallets={wallets.data}
        terms={terms.data}
        selected={params.get('wallet') ?? draft.account?.walletId ?? null}
        focusOnMount={focusOnMount}
        onContinue={(walletId) => {
          if (walletId !== draft.account?.walletId) {
            save('amount', null);
            save('recipient', null);
          }
          save('account', { walletId });
          goTo('amount');
        }}
      />
    );
  } else if (step === 'amount' || !amount) {
    content = (
      <AmountStep
        wallet={wallet}
        terms={currencyTerms}
        initialText={amount?.text ?? ''}
        focusOnMount={focusOnMount}
        onBack={back('account')}
        onContinue={(value) => {
          save('amount', { walletId: wallet.walletId, ...value });
          goTo('recipient');
        }}
      />
    );
  } else if (step === 'recipient' || !recipient) {
    if (!accounts.data) {
      content = accounts.error ? (
        <QueryErrorState query={{ ...accounts, error: accounts.error }} />
      ) : (
        <PageSpinner />
      );
    } else {
      content = (
        <RecipientStep
          currency={wallet.currency}
          accounts={accounts.data}
          holdHours={terms.data.holdHours}
          selected={draft.recipient?.bankAccountId ?? null}
          focusOnMount={focusOnMount}
          onBack={back('amount')}
          onContinue={(bankAccountId) => {
            save('recipient', { walletId: wallet.walletId, bankAccountId });
            goTo('review');
          }}
        />
      );
    }
  } else {
    content = (
      <ReviewStep
        figures={{
          currency: wallet.currency,
          amount: amount.amount,
          fee: payoutFee(currencyTerms.feeTiers, amount.amount),
          account: accountLabel(recipient),
          accountHolderName: recipient.accountHolderName,
          arrivalEstimate: currencyTerms.arrivalEstimate,
          from: `${CURRENCY_DISPLAY_NAMES[wallet.currency]} wallet`,
        }}
        request={{ walletId: wallet.walletId, bankAccountId: recipient.recordId, amount: amount.amount }}
        twoFactor={terms.data.twoFactor}
        attempt={draft.review}
        onAttempt={(attempt) => save('review', attempt)}
        focusOnMount={focusOnMount}
        onBack={back('recipient')}
        onGoTo={goBackTo}
        onCreated={(payout) => {
          clear();
          void navigate(`/payouts/${payout.id}`, { replace: true });
        }}
      />
    );
  }

  return (
    <>
      <PayoutStepper current={step} onStepSelect={goBackTo} />
      {content}
    </>
  );
}
