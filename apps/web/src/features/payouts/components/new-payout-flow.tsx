import type { ReactNode } from 'react';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useNewPayoutFlow } from '../use-new-payout-flow';
import { AccountStep } from './account-step';
import { AmountStep } from './amount-step';
import { KycGate } from './kyc-gate';
import { PayoutStepper } from './payout-stepper';
import { RecipientStep } from './recipient-step';
import { ReviewStep } from './review-step';

/**
 * The new payout: account -> amount -> recipient -> review, one step at a time, once the merchant's KYC is done
 * (status ACTIVE). A step whose earlier steps are not done shows the first that is not.
 */
export function NewPayoutFlow() {
  const flow = useNewPayoutFlow();
  if (flow.state === 'failed') return <QueryErrorState query={flow.query} />;
  if (flow.state === 'loading') return <PageSpinner />;
  if (flow.state === 'kyc') return <KycGate status={flow.status} />;

  const { step, focusOnMount, wallet, currencyTerms, amount, accounts, review, back } = flow;
  let content: ReactNode;
  if (step === 'account' || !wallet || !currencyTerms) {
    content = (
      <AccountStep
        wallets={flow.wallets}
        terms={flow.terms}
        selected={flow.selectedWallet}
        focusOnMount={focusOnMount}
        onContinue={flow.chooseWallet}
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
        onContinue={flow.chooseAmount}
      />
    );
  } else if (step === 'recipient' || !review) {
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
          holdHours={flow.terms.holdHours}
          selected={flow.selectedRecipient}
          focusOnMount={focusOnMount}
          onBack={back('amount')}
          onContinue={flow.chooseRecipient}
        />
      );
    }
  } else {
    content = (
      <ReviewStep
        figures={review.figures}
        request={review.request}
        twoFactor={flow.terms.twoFactor}
        attempt={flow.attempt}
        onAttempt={flow.saveAttempt}
        focusOnMount={focusOnMount}
        onBack={back('recipient')}
        onGoTo={flow.goBackTo}
        onCreated={flow.finish}
      />
    );
  }

  return (
    <>
      <PayoutStepper current={step} onStepSelect={flow.goBackTo} />
      {content}
    </>
  );
}
