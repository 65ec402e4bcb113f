import type { TransactionSearchFilter } from '@bizdash/shared';

export interface SearchRequest {
  page: number;
  size: number;
  body: TransactionSearchFilter;
}

/** Which targets a scenario carries: first pages and text searches have their own; a deep page is for the record. */
export type ScenarioKind = 'first page' | 'text search' | 'record';

export interface Scenario {
  name: string;
  kind: ScenarioKind;
  request(ngnWalletId: string): SearchRequest;
}

const firstPage = (name: string, body: (walletId: string) => TransactionSearchFilter): Scenario => ({
  name,
  kind: 'first page',
  request: (walletId) => ({ page: 1, size: 10, body: body(walletId) }),
});

const textSearch = (query: string, share: string): Scenario => ({
  name: `text search "${query}" (${share})`,
  kind: 'text search',
  request: () => ({ page: 1, size: 10, body: { query } }),
});

/** The screens' own queries: each transactions tab, an account's list, searches, and a deep page. */
export const SCENARIOS: Scenario[] = [
  firstPage('all (first page)', () => ({})),
  firstPage('credit (first page)', () => ({ type: 'CREDIT' })),
  firstPage('debit (first page)', () => ({ type: 'DEBIT' })),
  firstPage('pending (first page)', () => ({ status: ['CREATED', 'OTP_VERIFIED'] })),
  firstPage('failed (first page)', () => ({ status: 'FAILED' })),
  firstPage('NGN wallet (first page)', (walletId) => ({ walletId })),
  // The seed names each sale after one of 15 products, with an order reference ORD-<6 digits>.
  textSearch('ankara', 'a common word: one sale in 15'),
  textSearch('ORD', 'in nearly every row'),
  textSearch('ORD-1234', 'rare: about one row in 10,000'),
  { name: 'all, page 1000', kind: 'record', request: () => ({ page: 1000, size: 10, body: {} }) },
];
