import { setCredentials } from '@/lib/credentials';
import { buildToken, USER_ID } from './factories';

/** Signs the test's merchant in as the app would after sign-in; returns the token it holds. */
export function signIn(): string {
  const token = buildToken();
  setCredentials({ token, userId: USER_ID });
  return token;
}
