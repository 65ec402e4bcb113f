/**
 * Payouts to settlement bank accounts: confirmation, the rail, and the money through the ledger (ADR 032). Others
 * ask whether a user has payouts (an app's deletion); the demo seed makes payouts as a merchant's server does and
 * moves them back to the days they happened.
 */

export { advanceDuePayouts, checkPayoutNow, payoutsJobs } from './payout-rail.service.ts';
export { backdatePayoutById, hasPayouts } from './payouts.repository.ts';
export { payoutsRoutes } from './payouts.routes.ts';
export { createPayout } from './payouts.service.ts';
