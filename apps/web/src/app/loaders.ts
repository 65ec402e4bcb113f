import { type LoaderFunctionArgs, replace } from 'react-router';
import { config } from '@/lib/config';
import { clearCredentials, hasValidSession, takeCredentialsFromUrl } from '@/lib/credentials';

/** Start-up hand-over: `?token&id` become credentials and leave the address (SPEC section 2). */
export function startupLoader({ request }: LoaderFunctionArgs) {
  const cleanPath = takeCredentialsFromUrl(new URL(request.url));
  return cleanPath === null ? null : replace(cleanPath);
}

/** Every signed-in page: a missing or expired token goes to sign-in. */
export function protectedLoader() {
  if (hasValidSession()) return null;
  clearCredentials();
  return replace(config.signInUrl);
}
