import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '@bizdash/shared';
import { SearchX, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListFrame, ListSkeleton } from '@/components/ui/list-frame';
import { ListPagination } from '@/components/ui/pagination';
import { PastLastPage } from '@/components/ui/past-last-page';
import { useFitsWidth } from '@/lib/use-fits-width';
import { useDisputes } from '../api/get-disputes';
import { DisputeCards } from './dispute-cards';
import { DisputesTable } from './disputes-table';

/** Below this width each dispute becomes a card. */
const TABLE_MIN_WIDTH = 720;
const CAPTION = 'Disputes';

interface DisputeListProps {
  page: number;
  status: DisputeStatus | null;
  onPageChange: (page: number) => void;
  onShowAll: () => void;
}

/** The merchant's disputes: loading, error, empty (none yet, or none in the status), rows and paging. */
export function DisputeList({ page, status, onPageChange, onShowAll }: DisputeListProps) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useDisputes({ page, status });
  const { data } = query;

  if (!data) {
    if (query.isError) return <QueryErrorState query={query} />;
    return <ListSkeleton label="Loading disputes" ref={ref} />;
  }

  if (data.items.length === 0) {
    if (page > 1 && data.totalElements > 0) {
      return (
        <PastLastPage
          subject="Your disputes"
          totalPages={data.totalPages}
          onFirstPage={() => onPageChange(1)}
        />
      );
    }
    if (status) {
      return (
        <EmptyState
          icon={SearchX}
          title={`No disputes ${DISPUTE_STATUS_LABELS[status].toLowerCase()}`}
          description="None of your disputes is in this status."
          action={
            <Button variant="secondary" onClick={onShowAll}>
              Show all disputes
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        icon={ShieldCheck}
        title="No disputes"
        description={
          <>
            A dispute (or chargeback) is a customer asking their bank to take a card payment back. The amount
            is held from your wallet until you answer with evidence or accept it, and the card network
            decides. In test mode, a payment with the card{' '}
            <span className="font-mono whitespace-nowrap">4000 0000 0000 0259</span> is disputed shortly after
            it is paid.
          </>
        }
      />
    );
  }

  const stale = query.isPlaceholderData;
  const rows = { disputes: data.items, caption: CAPTION, stale };
  return (
    <ListFrame busy={stale} ref={ref}>
      {wide ? <DisputesTable {...rows} /> : <DisputeCards {...rows} />}
      <ListPagination page={data} onPageChange={onPageChange} noun="disputes" busy={stale} />
    </ListFrame>
  );
}
