/** Currency conversion between a merchant's own wallets (ADR 031): used by app.ts only. */

export { fxRoutes } from './fx.routes.ts';
export { fxJobs } from './stale-quotes-job.ts';
