/** What the rest of the API may use of auth: creating a merchant account outside sign-up (the demo seed). */
export { insertMerchant } from './auth.repository.ts';
