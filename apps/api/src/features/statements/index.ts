/** Wallet statements (issue 25 §4): used by app.ts only, which registers the route under /api/wallets. */
export { statementsRoutes } from './statements.routes.ts';
