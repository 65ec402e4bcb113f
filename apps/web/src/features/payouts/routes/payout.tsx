import type { Payout } from '@bizdash/shared';
import { Clock, SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-error';
import { useCan } from '@/lib/permissions';
import { usePayout } from '../api/get-payout';
import { BackToPayouts } from '../components/back-to-payouts';
import { ConfirmPayoutForm } from '../components/confirm-payout-form';
import { PayoutResult } from '../components/payout-result';
import { PayoutStepper } from '../components/payout-stepper';
import { NewPayoutLink } from '../components/payouts-list';

type Outcome = Payout & { status: Exclude<Payout['status'], 'PENDING_CONFIRMATION'> };
const isOutcome = (payout: Payout): payout is Outcome => payout.status !== 'PENDING_CONFIRMATION';

/** A payout waiting for its code, seen by a role that cannot confirm it: who can, and no form. */
function AwaitingConfirmation({ reason }: { reason: string }) {
  return (
    <EmptyState
      icon={Clock}
      title="Waiting for confirmation"
      description={`This payout waits for the code sent to the member who started it. ${reason}.`}
    />
  );
}

function PayoutPage() {
  const { payoutId = '' } = useParams();
  const query = usePayout(payoutId);
  const confirmable = useCan('payouts.create');
  if (!query.data) {
    if (query.isError && isNotFound(query.error)) {
      return (
        <EmptyState
          icon={SearchX}
          title="Payout not found"
          description="There is no payout at this address. It may belong to another account."
          action={<NewPayoutLink />}
        />
      );
    }
    if (query.isError) return <QueryErrorState query={query} />;
    return <PageSpinner />;
  }
  const payout = query.data;
  if (!isOutcome(payout)) {
    if (!confirmable.allowed) return <AwaitingConfirmation reason={confirmable.reason} />;
    return (
      <>
        <PayoutStepper current="confirm" />
        <ConfirmPayoutForm payout={payout} />
      </>
    );
  }
  return <PayoutResult payout={payout} />;
}

/** /payouts/:payoutId: the code that confirms a payout waiting for it, else the payout's status, followed live. */
export function Component() {
  const { payoutId = '' } = useParams();
  const pending = usePayout(payoutId).data?.status === 'PENDING_CONFIRMATION';
  return (
    <div className="mx-auto max-w-2xl">
      <BackToPayouts />
      <PageHeader title={pending ? 'New payout' : 'Payout'} />
      <PayoutPage />
    </div>
  );
}
