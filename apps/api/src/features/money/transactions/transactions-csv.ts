import { formatMajorUnitsPlain } from '@bizdash/shared';
import type { TransactionRow } from './transactions.repository.ts';

const COLUMNS = [
  'id',
  'impactTime',
  'description',
  'beneficiary',
  'type',
  'status',
  'amount',
  'currency',
  'channel',
  'orderReference',
  'walletId',
  'parentTransactionId',
  'failureReason',
] as const;

/** Quotes where CSV needs it, and defuses text a spreadsheet would run as a formula. */
function cell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function line(row: TransactionRow): string {
  const signed = row.transactionType === 'DEBIT' ? -row.transactionAmount : row.transactionAmount;
  return [
    row.id,
    row.impactTime.toISOString(),
    cell(row.description),
    cell(row.beneficiary),
    row.transactionType,
    row.transactionStatus,
    formatMajorUnitsPlain(signed, row.currencyCode),
    row.currencyCode,
    row.transactionChannel,
    cell(row.orderReference),
    row.walletId,
    row.parentTransactionId ?? '',
    cell(row.failureReason),
  ].join(',');
}

/** Header, then one line per row; debits carry a minus sign so a spreadsheet's sum is the net. */
export async function* toCsv(rows: AsyncIterable<TransactionRow>): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  let chunk = '';
  for await (const row of rows) {
    chunk += `${line(row)}\r\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
