// /dashboard's page (apps/web/route-pages.ts, ADR 067), before its first paint and before any of its code: starts
// the requests the shell waits for (the health check, the signed-in user), which the app then takes instead of asking
// again (src/lib/page-prefetch.ts), and hides what the painted shell shows that does not apply to this visitor. The
// server's Content-Security-Policy allows it by its hash (apps/api/src/plugins/security.ts).
(() => {
  const hide = (selector) => {
    const style = document.createElement('style');
    style.textContent = `#root[data-static-page] ${selector} { display: none; }`;
    document.head.append(style);
  };
  let stored = null;
  try {
    const consent = localStorage.getItem('cookieConsent');
    if (consent === 'accepted' || consent === 'rejected') hide('[data-testid="cookie-consent"]');
    stored = JSON.parse(localStorage.getItem('credentials'));
  } catch {}
  const token = stored?.token;
  const userId = stored?.userId;
  let expiresAt = 0;
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expiresAt = payload.exp * 1000;
  } catch {}
  const handOver = new URLSearchParams(location.search).has('token');
  if (typeof userId !== 'string' || !userId || !(expiresAt > Date.now()) || handOver) {
    // Nobody signed in here yet: the app decides where the visitor goes, and shows no shell meanwhile.
    hide('> *');
    return;
  }
  // The headers the app sends (src/lib/api-client.ts); the token only ever in its header.
  const headers = {
    Accept: 'application/json',
    source_system: 'bizdash',
    request_time: new Date().toISOString(),
    'Cache-Control': 'no-cache',
  };
  const start = (path, signedIn) => {
    const response = fetch(path, {
      headers: signedIn ? { ...headers, Authorization: `Bearer ${token}`, user_id: userId } : headers,
    });
    // A failure is the app's to report, when it takes the response.
    response.catch(() => {});
    return { path, token: signedIn ? token : null, response };
  };
  window.pagePrefetch = [
    start('/api/health', false),
    start(`/api/users/${encodeURIComponent(userId)}`, true),
  ];
})();
