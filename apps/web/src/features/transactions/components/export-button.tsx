import type { TransactionSearchFilter } from '@bizdash/shared';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PermissionGate } from '@/components/ui/permission-gate';
import { useExportTransactions } from '../api/export-transactions';
import { useSearchFilter } from '../api/search-transactions';

/** Downloads every transaction matching the current filters (all pages) as CSV; disabled for a role that cannot. */
export function ExportButton({ filter }: { filter: TransactionSearchFilter }) {
  const exportCsv = useExportTransactions();
  const body = useSearchFilter(filter);
  return (
    <PermissionGate permission="exports.create">
      {(allowed) => (
        <Button
          variant="secondary"
          icon={<Download className="size-4" aria-hidden="true" />}
          pending={exportCsv.isPending}
          disabled={!allowed}
          onClick={() => exportCsv.mutate(body)}
        >
          Export CSV
        </Button>
      )}
    </PermissionGate>
  );
}
