import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CookieConsent } from './cookie-consent';
import { AppProviders } from './providers';

/** The public checkout stores nothing in the customer's browser, so it asks nothing about cookies. */
const isCheckoutPage = (pathname: string) => pathname.startsWith('/pay/');

/**
 * Every page's frame: the query client, the toaster, the cookie banner. A lazy route of its own, loaded in parallel
 * with the first page's code: the entry chunk, which runs before any page's code is even requested, holds only
 * what starts the router (ADR 067).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <AppProviders>
      {!isCheckoutPage(pathname) && <CookieConsent />}
      <Outlet />
      <ScrollRestoration />
    </AppProviders>
  );
}
