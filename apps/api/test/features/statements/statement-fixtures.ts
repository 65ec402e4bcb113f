import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ledgerEntries, ledgerPostings, systemAccounts } from '../../../src/db/schema/index.ts';
import { randomSource } from '../../../src/seed/demo-transactions.ts';
import { dbOf, sqlRows } from '../../helper.ts';

export const DAY = 86_400_000;

type Kind = 'PAYMENT' | 'FEE' | 'REFUND' | 'PAYOUT' | 'REVERSAL';
const COUNTERPARTS: Record<Exclude<Kind, 'REVERSAL'>, string> = {
  PAYMENT: 'CUSTOMER_FUNDS',
  FEE: 'FEES_EARNED',
  REFUND: 'REFUNDS_IN_TRANSIT',
  PAYOUT: 'PAYOUTS_IN_TRANSIT',
};

/**
 * Months of history the services cannot write (they post at the database's now()): balanced postings and their
 * entries dated over the `days` before today, sales with their fees, refunds, payouts and some payouts returned,
 * never taking the wallet below zero; the wallet's balance moved by what they add up to.
 */
export async function backdatedHistory(
  app: FastifyInstance,
  walletId: string,
  { movements, days, seed }: { movements: number; days: number; seed: number },
) {
  const random = randomSource(seed);
  const db = dbOf(app);
  const accounts = await db.select().from(systemAccounts).where(sql`${systemAccounts.currency} = 'NGN'`);
  const accountId = (code: string) => accounts.find((account) => account.code === code)?.id as string;
  const start = Date.now() - days * DAY;
  const times = Array.from({ length: movements }, () => start + Math.floor(random.next() * (days - 1) * DAY));
  times.sort((a, b) => a - b);
  let balance = 0;
  const payouts: { id: string; amount: number }[] = [];
  const postings: (typeof ledgerPostings.$inferInsert)[] = [];
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const post = (kind: Kind, amount: number, at: Date, counterpart: string, reverses?: string) => {
    const id = randomUUID();
    postings.push({
      id,
      idempotencyKey: `history:${id}`,
      requestHash: 'history',
      kind,
      description: `${kind.toLowerCase()} of the past`,
      reversesPostingId: reverses,
      createdAt: at,
    });
    entries.push(
      { postingId: id, walletId, currency: 'NGN', amount, createdAt: at },
      {
        postingId: id,
        systemAccountId: accountId(counterpart),
        currency: 'NGN',
        amount: -amount,
        createdAt: at,
      },
    );
    balance += amount;
    return id;
  };
  for (const time of times) {
    const at = new Date(time);
    const roll = random.next();
    if (roll < 0.5 || balance < 1_000_000) {
      const sale = random.int(1_000, 900_000);
      post('PAYMENT', sale, at, COUNTERPARTS.PAYMENT);
      post('FEE', -Math.ceil(sale * 0.015), new Date(time + 1), COUNTERPARTS.FEE);
    } else if (roll < 0.65) {
      post('REFUND', -random.int(1_000, Math.min(balance, 300_000)), at, COUNTERPARTS.REFUND);
    } else if (roll < 0.9) {
      const amount = random.int(10_000, Math.min(balance - 5_000, 2_000_000));
      payouts.push({ id: post('PAYOUT', -amount, at, COUNTERPARTS.PAYOUT), amount });
      post('FEE', -2_500, at, COUNTERPARTS.FEE);
    } else {
      const returned = payouts.shift();
      if (returned) post('REVERSAL', returned.amount, at, COUNTERPARTS.PAYOUT, returned.id);
    }
  }
  for (let index = 0; index < postings.length; index += 500) {
    await db.insert(ledgerPostings).values(postings.slice(index, index + 500));
  }
  for (let index = 0; index < entries.length; index += 500) {
    await db.insert(ledgerEntries).values(entries.slice(index, index + 500));
  }
  await db.execute(sql`update wallets set balance = balance + ${balance} where id = ${walletId}`);
  return { entries: entries.length / 2, net: balance };
}

/** What the ledger itself holds for the wallet: its entries' sum before `at`, and their count in [from, until). */
export async function ledgerSum(app: FastifyInstance, walletId: string, before: Date): Promise<number> {
  const [row] = await sqlRows<{ total: string }>(
    app,
    sql`select coalesce(sum(amount), 0)::text as total from ledger_entries
        where wallet_id = ${walletId} and created_at < ${before}`,
  );
  return Number(row?.total ?? 0);
}

export async function ledgerCount(app: FastifyInstance, walletId: string, from: Date, until: Date) {
  const [row] = await sqlRows<{ n: string }>(
    app,
    sql`select count(*)::text as n from ledger_entries
        where wallet_id = ${walletId} and created_at >= ${from} and created_at < ${until}`,
  );
  return Number(row?.n ?? 0);
}

export function getStatement(
  app: FastifyInstance,
  headers: Record<string, string>,
  walletId: string,
  query: Record<string, string>,
) {
  return app.inject({
    method: 'GET',
    url: `/api/wallets/${walletId}/statement?${new URLSearchParams(query)}`,
    headers,
  });
}

/** CSV lines as cells (quoted cells unquoted), the header first. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const cells: string[] = [];
    for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) {
      cells.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? ''));
    }
    rows.push(cells);
  }
  return rows;
}

/** "1234.56" or "-0.05" (major units, as the CSV writes them) as exact minor units; '' is 0. */
export function minorUnits(text: string): number {
  if (text === '') return 0;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}
