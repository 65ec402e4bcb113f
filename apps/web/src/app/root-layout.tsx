import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { CookieConsent } from './cookie-consent';

/** The public checkout stores nothing in the customer's browser, so it asks nothing about cookies. */
const isCheckoutPage = (pathname: string) => pathname.startsWith('/pay/');

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      {!isCheckoutPage(pathname) && <CookieConsent />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's lazy code loads. */
export function RootHydrateFallback() {
  return <PageSpinner className="min-h-dvh" />;
}
