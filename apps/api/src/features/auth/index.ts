/** What the rest of the API may use of auth: creating a merchant account outside sign-up (the demo seed), and
 * the sign-in throttle for other routes that check a password. */
export {
  incrementTokenVersion,
  insertMerchant,
  readTokenVersionOf,
  replacePasswordHash,
} from './auth.repository.ts';
export { countPasswordCheck } from './sign-in-throttle.ts';
