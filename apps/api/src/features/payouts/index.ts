/** Payouts to settlement bank accounts: confirmation, the rail, and the money through the ledger (ADR 032). */

export { seedDemoPayouts } from './demo-payouts.ts';
export { payoutsRoutes } from './payouts.routes.ts';
