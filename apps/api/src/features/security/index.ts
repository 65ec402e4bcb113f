/** Password changes and sessions of the signed-in merchant (ADR 025). */
export { securityRoutes } from './security.routes.ts';
