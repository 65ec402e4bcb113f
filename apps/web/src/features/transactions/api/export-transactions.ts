import type { TransactionSearchFilter } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

const EXPORT_ERROR = 'Unable to export transactions';

function fallbackFilename(): string {
  return `bizdash-transactions-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** Every transaction matching the filter (not just one page) as a CSV file the browser saves. */
async function exportTransactions(filter: TransactionSearchFilter): Promise<string> {
  const { blob, filename } = await apiDownload('/transaction/export', {
    method: 'POST',
    body: filter,
    accept: 'text/csv',
    defaultError: EXPORT_ERROR,
  });
  const name = filename ?? fallbackFilename();
  saveBlob(blob, name);
  return name;
}

export function useExportTransactions() {
  return useMutation({
    mutationFn: exportTransactions,
    onError: (error) => toast.error(error.message),
  });
}
