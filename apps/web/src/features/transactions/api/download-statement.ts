import type { StatementQuery } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

const STATEMENT_ERROR = 'Unable to download the statement';

const ACCEPT = { pdf: 'application/pdf', csv: 'text/csv' } as const;

interface StatementRequest extends StatementQuery {
  walletId: string;
  currency: string;
}

/** A wallet's statement for the period, made by the server and saved under the name it gives. */
async function downloadStatement({ walletId, currency, ...query }: StatementRequest): Promise<string> {
  const { blob, filename } = await apiDownload(`/wallets/${encodeURIComponent(walletId)}/statement`, {
    query,
    accept: ACCEPT[query.format],
    defaultError: STATEMENT_ERROR,
  });
  const name = filename ?? `bizdash-statement-${currency}-${query.from}-to-${query.to}.${query.format}`;
  saveBlob(blob, name);
  return name;
}

/** A failure's sentence (the server's) is shown by the dialog that asked. */
export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
