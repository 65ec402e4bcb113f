import { formatMajorUnitsPlain } from '@bizdash/shared';
import { csvCell as cell, csvLines } from '../../../lib/csv.ts';
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
export const toCsv = (rows: AsyncIterable<TransactionRow>) => csvLines(COLUMNS, rows, line);
