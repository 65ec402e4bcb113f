/** What the rest of the API may use of auth: creating a merchant account outside sign-up (the demo seed), a
 * merchant's credentials for a password check or change, and the sign-in throttle for other routes that check a
 * password. */
export { findCredentialsByUserId, insertMerchant, replacePasswordHash } from './auth.repository.ts';
export { countPasswordCheck } from './sign-in-throttle.ts';
