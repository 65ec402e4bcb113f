import { randomUUID } from 'node:crypto';
import type { FxConversion, FxQuote, FxQuoteRequest } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bearer, type Merchant, sqlRows } from '../../helper.ts';

export const sellNaira = (amount: number): FxQuoteRequest => ({
  from: 'NGN',
  to: 'USD',
  amount,
  side: 'sell',
});

export function requestQuote(app: FastifyInstance, merchant: Merchant, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/fx/quotes',
    headers: bearer(merchant.token),
    payload: body,
  });
}

export async function quote(
  app: FastifyInstance,
  merchant: Merchant,
  body: FxQuoteRequest,
): Promise<FxQuote> {
  const response = await requestQuote(app, merchant, body);
  if (response.statusCode !== 201) throw new Error(`quote: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function requestConversion(
  app: FastifyInstance,
  merchant: Merchant,
  quoteId: string,
  key: string | null = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/fx/conversions',
    headers: { ...bearer(merchant.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { quoteId },
  });
}

export async function convert(
  app: FastifyInstance,
  merchant: Merchant,
  quoteId: string,
): Promise<FxConversion> {
  const response = await requestConversion(app, merchant, quoteId);
  if (response.statusCode !== 201) throw new Error(`conversion: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface PostingEntry {
  posting_id: string;
  kind: string;
  currency: string;
  amount: string | number;
  wallet_id: string | null;
  system_code: string | null;
}

/** The ledger entries of the postings behind the given transactions. */
export function entriesOf(app: FastifyInstance, transactionIds: string[]) {
  return sqlRows<PostingEntry>(
    app,
    sql`select e.posting_id, p.kind, e.currency, e.amount, e.wallet_id, s.code as system_code
        from transactions t
        join ledger_postings p on p.id = t.posting_id
        join ledger_entries e on e.posting_id = p.id
        left join system_accounts s on s.id = e.system_account_id
        where t.id in (${sql.join(
          transactionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by e.id`,
  );
}

/** Net movement per currency and account ('wallet' or a system account's code) over the entries. */
export function netByAccount(entries: PostingEntry[]) {
  const net: Record<string, number> = {};
  for (const entry of entries) {
    const key = `${entry.currency} ${entry.wallet_id ? 'wallet' : entry.system_code}`;
    net[key] = (net[key] ?? 0) + Number(entry.amount);
  }
  return net;
}
