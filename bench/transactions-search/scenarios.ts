import type { TransactionSearchFilter } from '@bizdash/shared';

export interface SearchRequest {
  page: number;
  size: number;
  body: TransactionSearchFilter;
}

export interface Scenario {
  name: string;
  /** First-page queries carry the latency targets; deep pages and text search are reported for the record. */
  firstPage: boolean;
  request(ngnWalletId: string): SearchRequest;
}

const firstPage = (name: string, body: (walletId: string) => TransactionSearchFilter): Scenario => ({
  name,
  firstPage: true,
  request: (walletId) => ({ page: 1, size: 10, body: body(walletId) }),
});

/** The screens' own queries: each transactions tab, an account's list, a search, and a deep page. */
export const SCENARIOS: Scenario[] = [
  firstPage('all (first page)', () => ({})),
  firstPage('credit (first page)', () => ({ type: 'CREDIT' })),
  firstPage('debit (first page)', () => ({ type: 'DEBIT' })),
  firstPage('pending (first page)', () => ({ status: ['CREATED', 'OTP_VERIFIED'] })),
  firstPage('failed (first page)', () => ({ status: 'FAILED' })),
  firstPage('NGN wallet (first page)', (walletId) => ({ walletId })),
  {
    name: 'text search "ankara"',
    firstPage: false,
    request: () => ({ page: 1, size: 10, body: { query: 'ankara' } }),
  },
  { name: 'all, page 1000', firstPage: false, request: () => ({ page: 1000, size: 10, body: {} }) },
];
