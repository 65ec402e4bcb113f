import { PageHeader } from '@/components/ui/page-header';
import { DisputeFilters } from '../components/dispute-filters';
import { DisputeList } from '../components/dispute-list';
import { useDisputeParams } from '../use-dispute-params';

/** /disputes: the card payments customers disputed, the ones needing an answer first. */
export function Component() {
  const { status, page, setStatus, setPage } = useDisputeParams();
  return (
    <>
      <PageHeader
        title="Disputes"
        description="Card payments your customers asked their bank to take back. Answer before the due date, or the dispute is lost."
      />
      <DisputeFilters status={status} onStatus={setStatus} />
      <DisputeList page={page} status={status} onPageChange={setPage} onShowAll={() => setStatus(null)} />
    </>
  );
}
