import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import type { ActivityFilters } from '../use-activity-params';
import { auditQuery } from './get-audit-events';

const EXPORT_ERROR = 'Unable to export activity';

const fallbackFilename = () => `bizdash-activity-${new Date().toISOString().slice(0, 10)}.csv`;

/** Every entry matching the filters (not just one page) as a CSV file the browser saves. */
async function exportAuditEvents(filters: ActivityFilters): Promise<string> {
  const { blob, filename } = await apiDownload('/audit-events/export', {
    query: auditQuery(filters),
    accept: 'text/csv',
    defaultError: EXPORT_ERROR,
  });
  const name = filename ?? fallbackFilename();
  saveBlob(blob, name);
  return name;
}

export function useExportAuditEvents() {
  return useMutation({
    mutationFn: exportAuditEvents,
    onError: (error) => toast.error(error.message),
  });
}
