import { HealthSchema, SOURCE_SYSTEM, UserSchema } from '@bizdash/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildToken, USER_ID } from '@/testing/factories';
import { recordRequests } from '@/testing/mocks/requests';
import dashboardPageScript from '../../dashboard-page-script.js?raw';
import { apiRequest } from './api-client';
import { clearCredentials, setCredentials } from './credentials';
import { dropPrefetched } from './page-prefetch';

/** Runs /dashboard's inline head script as the page does, before any of the app's code. */
const loadDashboardPage = () => new Function(dashboardPageScript)();

/** The rules the script added to hide parts of the painted shell. */
const hiddenByPage = () =>
  [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('\n');

afterEach(() => {
  dropPrefetched();
  for (const style of document.head.querySelectorAll('style')) style.remove();
  window.history.replaceState(null, '', '/');
});

describe("/dashboard's page asking for the shell's data before the app's code arrives", () => {
  it('asks for the health check and the signed-in user once, and the app takes those answers', async () => {
    const token = buildToken();
    setCredentials({ token, userId: USER_ID });
    const requests = recordRequests();

    loadDashboardPage();
    const health = await apiRequest('/health', { schema: HealthSchema, auth: false });
    const user = await apiRequest(`/users/${USER_ID}`, { schema: UserSchema });

    expect(health.status).toBe('ok');
    expect(user.recordId).toBe(USER_ID);
    expect(requests.map((request) => request.url)).toEqual(['/api/health', `/api/users/${USER_ID}`]);
    const [healthCheck, userRequest] = requests;
    expect(healthCheck?.headers.has('Authorization')).toBe(false);
    // The headers the app's own client sends; the token only ever in its header, never in the address.
    expect(userRequest?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(userRequest?.headers.get('user_id')).toBe(USER_ID);
    expect(userRequest?.headers.get('source_system')).toBe(SOURCE_SYSTEM);
    expect(userRequest?.headers.get('Cache-Control')).toBe('no-cache');
    expect(userRequest?.url).not.toContain(token);
  });

  it("asks the server again for every later call, and for a call with another session's token", async () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    const requests = recordRequests();
    loadDashboardPage();
    const renewed = buildToken({ expiresInSeconds: 7200 });
    setCredentials({ token: renewed, userId: USER_ID });

    await apiRequest('/health', { auth: false });
    await apiRequest('/health', { auth: false });
    await apiRequest(`/users/${USER_ID}`, { schema: UserSchema });

    // The page's two, then the second health check and the user with the token the app now holds.
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    const users = requests.filter((request) => request.url === `/api/users/${USER_ID}`);
    expect(users.map((request) => request.headers.get('Authorization'))).toContain(`Bearer ${renewed}`);
    expect(requests.filter((request) => request.url === '/api/health')).toHaveLength(2);
  });

  it('asks for nothing and shows none of the shell when nobody is signed in, or the session has ended', async () => {
    for (const signIn of [
      () => clearCredentials(),
      () => setCredentials({ token: buildToken({ expiresInSeconds: -5 }), userId: USER_ID }),
    ]) {
      signIn();
      const requests = recordRequests();
      loadDashboardPage();
      expect(window.pagePrefetch).toBeUndefined();
      expect(hiddenByPage()).toContain('#root[data-static-page] > * { display: none; }');
      await apiRequest('/health', { auth: false });
      expect(requests).toHaveLength(1);
      for (const style of document.head.querySelectorAll('style')) style.remove();
    }
  });

  it('leaves a session handed over in the address to the app', () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    window.history.replaceState(null, '', `/dashboard?token=${buildToken()}&id=${USER_ID}`);
    loadDashboardPage();
    expect(window.pagePrefetch).toBeUndefined();
    expect(hiddenByPage()).toContain('> *');
  });

  it('hides the painted cookie banner once the visitor has answered it', () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    loadDashboardPage();
    expect(hiddenByPage()).not.toContain('cookie-consent');

    window.localStorage.setItem('cookieConsent', 'rejected');
    loadDashboardPage();
    expect(hiddenByPage()).toContain(
      '#root[data-static-page] [data-testid="cookie-consent"] { display: none; }',
    );
  });
});
