import { apiRequest } from '@/lib/api-client';
import { clearCredentials, hasValidSession } from '@/lib/credentials';
import { queryClient } from '@/lib/query-client';

/** Revokes the token on the server when it can, then forgets the session locally no matter what. */
export async function logout(): Promise<void> {
  if (hasValidSession()) {
    try {
      await apiRequest('/auth/logout', { method: 'POST', signOutOnAuthError: false });
    } catch {
      // Best effort: an unreachable server must not keep the merchant signed in on this device.
    }
  }
  clearCredentials();
  queryClient.clear();
}
