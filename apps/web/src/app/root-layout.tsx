import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's lazy code loads. */
export function RootHydrateFallback() {
  return <PageSpinner className="min-h-dvh" />;
}
