import { DISPUTE_REASON_LABELS } from '@bizdash/shared';
import { ChevronLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-error';
import { useDispute } from '../api/get-disputes';
import { DisputeDetail } from '../components/dispute-detail';

/** /disputes/:disputeId: one dispute, its payment, evidence and timeline. */
export function Component() {
  const { disputeId = '' } = useParams();
  const query = useDispute(disputeId);
  let body: ReactNode;
  if (query.data) body = <DisputeDetail dispute={query.data} />;
  else if (query.isError && isNotFound(query.error)) {
    body = (
      <EmptyState
        icon={SearchX}
        title="Dispute not found"
        description="There is no dispute at this address. It may be a dispute of another account."
        action={
          <Link to="/disputes" className={buttonClasses('primary')}>
            All disputes
          </Link>
        }
      />
    );
  } else if (query.isError) body = <QueryErrorState query={query} />;
  else body = <PageSpinner />;
  const title = query.data ? `Dispute: ${DISPUTE_REASON_LABELS[query.data.reason].toLowerCase()}` : 'Dispute';
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/disputes"
        className="mb-3 inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Disputes
      </Link>
      <PageHeader
        title={title}
        description={
          query.data
            ? `Of ${query.data.payment.customerName}'s payment ${query.data.payment.reference}`
            : undefined
        }
      />
      {body}
    </div>
  );
}
