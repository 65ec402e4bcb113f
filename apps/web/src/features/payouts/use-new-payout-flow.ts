import { CURRENCY_INFO, type Payout, payoutFee } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useActingUserId } from '@/lib/acting-profile';
import { getBankAccountsQueryOptions } from '@/lib/api/bank-accounts';
import { useBusiness } from '@/lib/api/user';
import { useWallets } from '@/lib/api/wallets';
import { isOnHold } from './amounts';
import { termsFor, usePayoutTerms } from './api/get-payout-terms';
import { accountLabel } from './components/payout-status-badge';
import { recipientsFor } from './components/recipient-step';
import { PAYOUT_STEPS, type PayoutDraft, type PayoutStep, usePayoutDraft } from './payout-draft';

const isStep = (value: string | null): value is PayoutStep => PAYOUT_STEPS.includes(value as PayoutStep);

/**
 * The new payout's state. The step lives in the address (?step=amount), so the browser's Back goes back a step;
 * what each step chose lives in the cache (payout-draft), so a merchant who leaves to add a settlement account
 * comes back to it. A step whose earlier steps are not done gives way to the first that is not.
 */
export function useNewPayoutFlow() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const user = useBusiness();
  const wallets = useWallets();
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
    if (!query.data && query.error)
      return { state: 'failed', query: { ...query, error: query.error } } as const;
  }
  if (!user.data) return { state: 'loading' } as const;
  if (user.data.status !== 'ACTIVE') return { state: 'kyc', status: user.data.status } as const;
  if (!terms.data || !wallets.data) return { state: 'loading' } as const;

  const wallet = wallets.data.find((candidate) => candidate.walletId === draft.account?.walletId);
  const currencyTerms = wallet ? termsFor(terms.data, wallet.currency) : undefined;
  const amount = wallet && draft.amount?.walletId === wallet.walletId ? draft.amount : null;
  const recipients = wallet && accounts.data ? recipientsFor(accounts.data, wallet.currency) : [];
  const { holdHours } = terms.data;
  const recipient =
    amount && draft.recipient?.walletId === wallet?.walletId
      ? recipients.find(
          (account) => account.recordId === draft.recipient?.bankAccountId && !isOnHold(account, holdHours),
        )
      : undefined;
  const firstOpen: PayoutStep = !wallet || !currencyTerms ? 'account' : !amount ? 'amount' : 'recipient';
  const reachable = recipient ? 'review' : firstOpen;
  const requested = params.get('step');
  const wanted: PayoutStep = isStep(requested) ? requested : 'account';
  const step = PAYOUT_STEPS.indexOf(wanted) <= PAYOUT_STEPS.indexOf(reachable) ? wanted : reachable;
  firstShown.current ??= step;

  // Continue adds the next step to the history, noting where it came from; Back to that step is the browser's
  // Back, so the history stays the way the merchant walked. Any other jump back replaces the entry.
  const goTo = (next: PayoutStep) => setParams({ step: next }, { state: { payoutStepFrom: step } });
  const goBackTo = (earlier: PayoutStep) => {
    if ((location.state as { payoutStepFrom?: string } | null)?.payoutStepFrom === earlier) void navigate(-1);
    else setParams({ step: earlier }, { replace: true });
  };

  return {
    state: 'ready',
    step,
    focusOnMount: firstShown.current !== step,
    goBackTo,
    back: (to: PayoutStep) => () => goBackTo(to),
    wallets: wallets.data,
    terms: terms.data,
    /** The chosen wallet and its currency's terms: the account step is done. */
    wallet,
    currencyTerms,
    /** The amount chosen for that wallet: the amount step is done. */
    amount,
    accounts,
    /** What the review step shows and sends, once the account chosen for the payout is one it can go to. */
    review:
      wallet && currencyTerms && amount && recipient
        ? {
            figures: {
              currency: wallet.currency,
              amount: amount.amount,
              fee: payoutFee(currencyTerms.feeTiers, amount.amount),
              account: accountLabel(recipient),
              accountHolderName: recipient.accountHolderName,
              arrivalEstimate: currencyTerms.arrivalEstimate,
              from: `${CURRENCY_INFO[wallet.currency].name} wallet`,
            },
            request: { walletId: wallet.walletId, bankAccountId: recipient.recordId, amount: amount.amount },
          }
        : null,
    selectedWallet: params.get('wallet') ?? draft.account?.walletId ?? null,
    selectedRecipient: draft.recipient?.bankAccountId ?? null,
    attempt: draft.review,
    chooseWallet: (walletId: string) => {
      // Later steps were chosen for the wallet they remember: another wallet starts them over.
      if (walletId !== draft.account?.walletId) {
        save('amount', null);
        save('recipient', null);
      }
      save('account', { walletId });
      goTo('amount');
    },
    chooseAmount: (value: { text: string; amount: number }) => {
      if (!wallet) return;
      save('amount', { walletId: wallet.walletId, ...value });
      goTo('recipient');
    },
    chooseRecipient: (bankAccountId: string) => {
      if (!wallet) return;
      save('recipient', { walletId: wallet.walletId, bankAccountId });
      goTo('review');
    },
    saveAttempt: (attempt: PayoutDraft['review']) => save('review', attempt),
    finish: (payout: Payout) => {
      clear();
      void navigate(`/payouts/${payout.id}`, { replace: true });
    },
  } as const;
}
