import { type LoaderFunctionArgs, replace } from 'react-router';
import { config } from '@/lib/config';
import {
  clearCredentials,
  getCredentials,
  hasValidSession,
  otherMerchantSignedIn,
  readHandOver,
  savePendingHandOver,
  startSession,
} from '@/lib/credentials';

export const SWITCH_ACCOUNT_PATH = '/switch-account';

/**
 * Start-up hand-over: `?token&id` become credentials and leave the address (SPEC section 2). When another
 * merchant is signed in here, the merchant is asked first (the switch-account page), and the link's
 * credentials wait in this tab only.
 */
export function startupLoader({ request }: LoaderFunctionArgs) {
  const handOver = readHandOver(new URL(request.url));
  if (!handOver) return null;
  if (otherMerchantSignedIn(handOver.credentials)) {
    savePendingHandOver(handOver);
    return replace(SWITCH_ACCOUNT_PATH);
  }
  startSession(handOver.credentials);
  return replace(handOver.path);
}

/**
 * Every signed-in page: a missing or expired token goes to sign-in. Otherwise the shell's own data is fetched
 * while its code loads, so the shell first shows with its banners in place (see shell-data.ts).
 */
export async function protectedLoader() {
  const userId = getCredentials()?.userId;
  if (!hasValidSession() || !userId) {
    clearCredentials();
    return replace(config.signInUrl);
  }
  const { loadShellData } = await import('./layouts/shell-data');
  await loadShellData(userId);
  return null;
}
