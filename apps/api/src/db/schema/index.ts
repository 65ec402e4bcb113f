export * from './messaging.ts';
export * from './users.ts';
export * from './wallets.ts';
