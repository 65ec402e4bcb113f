import { DISPUTE_STATUS_LABELS, DISPUTE_STATUSES, type DisputeStatus } from '@bizdash/shared';
import { SegmentedControl } from '@/components/ui/segmented-control';

const ALL = 'ALL';
type Choice = DisputeStatus | typeof ALL;
const OPTIONS: { value: Choice; label: string }[] = [
  { value: ALL, label: 'All' },
  ...DISPUTE_STATUSES.map((value) => ({ value, label: DISPUTE_STATUS_LABELS[value] })),
];

/** Which disputes the list shows: all, or those in one status. */
export function DisputeFilters({
  status,
  onStatus,
}: {
  status: DisputeStatus | null;
  onStatus: (status: DisputeStatus | null) => void;
}) {
  return (
    <div className="mb-4 flex min-w-0 items-center gap-2 overflow-x-auto">
      <SegmentedControl
        legend="Show disputes"
        options={OPTIONS}
        value={status ?? ALL}
        onChange={(value) => onStatus(value === ALL ? null : value)}
      />
    </div>
  );
}
