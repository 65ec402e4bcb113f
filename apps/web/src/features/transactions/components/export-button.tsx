import type { TransactionSearchFilter } from '@bizdash/shared';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useExportTransactions } from '../api/export-transactions';
import { useSearchFilter } from '../api/search-transactions';

/** Downloads every transaction matching the current filters (all pages) as CSV. */
export function ExportButton({ filter }: { filter: TransactionSearchFilter }) {
  const exportCsv = useExportTransactions();
  const body = useSearchFilter(filter);
  return (
    <Button
      variant="secondary"
      icon={<Download className="size-4" aria-hidden="true" />}
      pending={exportCsv.isPending}
      onClick={() => exportCsv.mutate(body)}
    >
      Export CSV
    </Button>
  );
}
