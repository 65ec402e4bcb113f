/** Apps of a merchant (SPEC section 3, ADR 033): registered, listed and deleted here; users shows and edits them. */
export { appsRoutes } from './apps.routes.ts';
