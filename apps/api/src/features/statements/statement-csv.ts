import { Readable } from 'node:stream';
import { formatMajorUnitsPlain } from '@bizdash/shared';
import { csvCell } from '../../lib/csv.ts';
import type { Statement } from './statement.types.ts';

const HEADER = ['date', 'description', 'reference', 'kind', 'in', 'out', 'balance', 'currency'];

/**
 * One line per ledger entry between an OPENING_BALANCE and a CLOSING_BALANCE line, then the period's totals
 * (TOTAL_IN, TOTAL_OUT, TOTAL_FEES, TOTAL_REFUNDS, TOTAL_PAYOUTS, their amount under in or out): amounts in major
 * units, exact, with the currency on every line. The balance column runs from the opening to the closing balance.
 */
async function* lines(statement: Statement): AsyncGenerator<string> {
  const { currency } = statement.wallet;
  const money = (minor: number) => formatMajorUnitsPlain(minor, currency);
  const line = (cells: (string | null)[]) => `${cells.map((cell) => cell ?? '').join(',')}\r\n`;
  const { summary, period } = statement;

  yield `${HEADER.join(',')}\r\n`;
  yield line([
    period.start.toISOString(),
    'Opening balance',
    null,
    'OPENING_BALANCE',
    null,
    null,
    money(summary.opening),
    currency,
  ]);
  let balance = summary.opening;
  let chunk = '';
  for await (const entry of statement.entries) {
    balance += entry.amount;
    chunk += line([
      entry.postedAt.toISOString(),
      csvCell(entry.description),
      csvCell(entry.reference),
      entry.reversal ? `${entry.kind}_REVERSAL` : entry.kind,
      entry.amount > 0 ? money(entry.amount) : null,
      entry.amount < 0 ? money(-entry.amount) : null,
      money(balance),
      currency,
    ]);
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  const at = period.until.toISOString();
  const total = (name: string, description: string, amount: number, column: 'in' | 'out') =>
    line([
      at,
      description,
      null,
      name,
      column === 'in' ? money(amount) : null,
      column === 'out' ? money(amount) : null,
      null,
      currency,
    ]);
  yield chunk +
    line([at, 'Closing balance', null, 'CLOSING_BALANCE', null, null, money(balance), currency]) +
    total('TOTAL_IN', 'Money in', summary.moneyIn, 'in') +
    total('TOTAL_OUT', 'Money out', summary.moneyOut, 'out') +
    total('TOTAL_FEES', 'Fees', summary.fees, 'out') +
    total('TOTAL_REFUNDS', 'Refunds', summary.refunds, 'out') +
    total('TOTAL_PAYOUTS', 'Payouts', summary.payouts, 'out');
}

/** The statement as CSV, streamed: each page of entries is written before the next is read. */
export const statementCsv = (statement: Statement): Readable => Readable.from(lines(statement));
