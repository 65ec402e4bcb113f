import type { Transaction, TransactionPage, Wallet, WalletSummary } from '@bizdash/shared';
import { buildTransactionPage, buildUser, buildWallet } from './factories';
import { jsonResponse, mockFetch, type RecordedRequest } from './fetch-mock';

type Answer<T> = T | ((request: RecordedRequest) => T | Response);

export interface MoneyApi {
  search?: Answer<TransactionPage>;
  transaction?: Answer<Transaction>;
  wallets?: Answer<Wallet[]>;
  wallet?: Answer<Wallet>;
  summary?: Answer<WalletSummary>;
  /** The CSV export; by default a header-only file named like the server names it. */
  exportCsv?: (request: RecordedRequest) => Response | Promise<Response>;
}

export const EXPORT_FILENAME = 'bizdash-transactions-2026-03-05.csv';

function csvResponse(): Response {
  return new Response('id,impactTime\r\n', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${EXPORT_FILENAME}"`,
    },
  });
}

function answer<T>(value: Answer<T>, request: RecordedRequest, wrap: (data: T) => unknown = (data) => data) {
  const result =
    typeof value === 'function' ? (value as (request: RecordedRequest) => T | Response)(request) : value;
  return result instanceof Response ? result : jsonResponse(wrap(result));
}

/** Days of zero movement, as the summary endpoint returns them. */
export function quietDays(from: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.parse(from) + index * 86_400_000).toISOString().slice(0, 10),
    moneyIn: 0,
    moneyOut: 0,
  }));
}

/** Answers the dashboard's calls (user, wallets, summary, search, detail) from the given data. */
export function mockMoneyApi(api: MoneyApi = {}) {
  const wallets = api.wallets ?? [buildWallet(), buildWallet({ currency: 'USD', availableBalance: 430_603 })];
  return mockFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/transaction/search') return answer(api.search ?? buildTransactionPage([]), request);
    if (path === '/api/transaction/export') return api.exportCsv ? api.exportCsv(request) : csvResponse();
    if (path.startsWith('/api/transaction/')) {
      return api.transaction ? answer(api.transaction, request) : jsonResponse({ error: 'Not found' }, 404);
    }
    if (path === '/api/wallets') return answer(wallets, request, (list) => ({ wallets: list }));
    if (path === '/api/wallets/summary') {
      const url = new URL(request.url, 'http://localhost');
      const from = url.searchParams.get('from') ?? '2026-01-01';
      const fallback: WalletSummary = {
        from,
        to: url.searchParams.get('to') ?? from,
        wallets: [{ walletId: buildWallet().walletId, currency: 'NGN', days: quietDays(from, 30) }],
      };
      return answer(api.summary ?? fallback, request);
    }
    if (path.startsWith('/api/wallets/')) return answer(api.wallet ?? buildWallet(), request);
    return jsonResponse(buildUser({ recordId: '8b1c3f7e-2d4a-4c6b-9e1f-0a2b3c4d5e6f' }));
  });
}
