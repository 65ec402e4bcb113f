import type { Currency } from '@bizdash/shared';
import type { StatementEntry } from '../money/index.ts';

export interface StatementSummary {
  opening: number;
  moneyIn: number;
  moneyOut: number;
  /** Net of what came back: a refunded fee or a returned payout lowers its total. */
  fees: number;
  refunds: number;
  payouts: number;
  closing: number;
  entries: number;
}

/** Everything a statement file shows, its entries still to be read (one page at a time) as it is written. */
export interface Statement {
  business: { name: string; country: string; email: string; appName: string | null; logo: Buffer | null };
  wallet: { id: string; currency: Currency };
  period: { from: string; to: string; start: Date; until: Date };
  generatedAt: Date;
  summary: StatementSummary;
  entries: AsyncIterable<StatementEntry>;
}
