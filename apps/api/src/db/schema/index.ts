export * from './ledger.ts';
export * from './messaging.ts';
export * from './products.ts';
export * from './transactions.ts';
export * from './users.ts';
export * from './wallets.ts';
