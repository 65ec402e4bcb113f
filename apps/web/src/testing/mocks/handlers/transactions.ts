import {
  PageQuerySchema,
  type ParsedTransactionSearchFilter,
  type Transaction,
  TransactionIdParamsSchema,
  TransactionSchema,
  TransactionSearchFilterSchema,
  WalletIdParamsSchema,
  WalletListSchema,
  WalletSchema,
  WalletSummaryQuerySchema,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { buildTransactionPage, buildWalletSummary, quietDays } from '../../factories';
import { db } from '../db';
import { actsFor } from '../team-db';
import { contractJson, jsonBody, notFound, pageWindow, parseOr400, queryOf, requireSession } from '../utils';

export const EXPORT_FILENAME = 'bizdash-transactions-2026-03-05.csv';

/** The transactions the filter selects, newest first, after the checks the API makes on it. */
async function searchFrom(request: Request): Promise<Transaction[]> {
  requireSession(request);
  const filter = parseOr400(TransactionSearchFilterSchema, await jsonBody(request));
  if (filter.userId && !actsFor(db.team, db.user.recordId, filter.userId)) throw notFound('User not found');
  if (filter.walletId && !db.wallets.some((wallet) => wallet.walletId === filter.walletId)) {
    throw notFound('Wallet not found');
  }
  return db.transactions
    .filter((transaction) => matches(transaction, filter))
    .sort((a, b) => Date.parse(b.impactTime) - Date.parse(a.impactTime));
}

function matches(transaction: Transaction, filter: ParsedTransactionSearchFilter): boolean {
  const time = Date.parse(transaction.impactTime);
  const text = filter.query?.toLowerCase();
  return (
    (!filter.walletId || transaction.walletId === filter.walletId) &&
    (!filter.status || filter.status.includes(transaction.transactionStatus)) &&
    (!filter.type || transaction.transactionType === filter.type) &&
    (!filter.currency || transaction.currencyCode === filter.currency) &&
    (!filter.channel || transaction.transactionChannel === filter.channel) &&
    (!filter.from || time >= Date.parse(filter.from)) &&
    (!filter.to || time <= Date.parse(filter.to)) &&
    (!text ||
      [transaction.description, transaction.beneficiary, transaction.orderReference].some((field) =>
        field?.toLowerCase().includes(text),
      ))
  );
}

export const transactionsHandlers = [
  http.post('/api/transaction/search', async ({ request }) => {
    const query = parseOr400(PageQuerySchema, queryOf(request));
    return HttpResponse.json(buildTransactionPage(...pageWindow(await searchFrom(request), query)));
  }),

  http.post('/api/transaction/export', async ({ request }) => {
    const rows = (await searchFrom(request)).map(
      (transaction) => `${transaction.id},${transaction.impactTime}`,
    );
    return new HttpResponse(['id,impactTime', ...rows].join('\r\n').concat('\r\n'), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${EXPORT_FILENAME}"`,
      },
    });
  }),

  http.get('/api/transaction/:id', ({ request, params }) => {
    requireSession(request);
    const { id } = parseOr400(TransactionIdParamsSchema, params);
    const found = db.transactions.find((transaction) => transaction.id === id);
    return found ? contractJson(TransactionSchema, found) : notFound('Transaction not found');
  }),

  http.get('/api/wallets', ({ request }) => {
    requireSession(request);
    return contractJson(WalletListSchema, { wallets: db.wallets });
  }),

  // Before /api/wallets/:walletId, which would otherwise take "summary" for an id.
  http.get('/api/wallets/summary', ({ request }) => {
    requireSession(request);
    const { from, to } = parseOr400(WalletSummaryQuerySchema, queryOf(request));
    const count = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    return HttpResponse.json(
      buildWalletSummary({
        from,
        to,
        wallets: db.wallets.map(({ walletId, currency }) => ({
          walletId,
          currency,
          days: quietDays(from, count).map((day) => {
            const booked = db.transactions.filter(
              (transaction) =>
                transaction.walletId === walletId &&
                transaction.transactionStatus === 'SUCCESSFUL' &&
                transaction.impactTime.slice(0, 10) === day.date,
            );
            const total = (type: Transaction['transactionType']) =>
              booked
                .filter((transaction) => transaction.transactionType === type)
                .reduce((sum, transaction) => sum + transaction.transactionAmount, 0);
            return { ...day, moneyIn: total('CREDIT'), moneyOut: total('DEBIT') };
          }),
        })),
      }),
    );
  }),

  http.get('/api/wallets/:walletId', ({ request, params }) => {
    requireSession(request);
    const { walletId } = parseOr400(WalletIdParamsSchema, params);
    const found = db.wallets.find((wallet) => wallet.walletId === walletId);
    return found ? contractJson(WalletSchema, found) : notFound('Wallet not found');
  }),
];
