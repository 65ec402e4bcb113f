import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import type { AccountView } from '@/features/accounts/routes/account-transactions';
import type { DashboardView } from '@/features/dashboard/routes/dashboard-transactions';
import type { TransactionFilter } from '@/features/transactions/routes/transactions-list';
import { registerNavigator } from '@/lib/navigation';
import { AppLayout } from './layouts/app-layout';
import { protectedLoader, startupLoader } from './loaders';
import { NotFoundScreen } from './not-found-screen';
import { RootHydrateFallback, RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';

const redirectTo = (path: string) => () => replace(path);
// Redirect-only routes render nothing; an explicit null keeps React Router from warning about a missing element.
const NO_ELEMENT = { element: null } as const;

const dashboardTransactions = () => import('@/features/dashboard/routes/dashboard-transactions');
const transactionsList = () => import('@/features/transactions/routes/transactions-list');
const accountTransactions = () => import('@/features/accounts/routes/account-transactions');

const transactionFilter = (filter: TransactionFilter): RouteObject => ({
  path: filter,
  handle: { transactionFilter: filter },
  lazy: transactionsList,
});

/** The route table of SPEC section 2. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: startupLoader,
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: RootHydrateFallback,
    children: [
      { path: 'signin', lazy: () => import('@/features/auth/routes/sign-in') },
      { path: 'signup', lazy: () => import('@/features/auth/routes/sign-up') },
      { path: 'sandbox/mailbox', lazy: () => import('@/features/sandbox/routes/mailbox') },
      { path: 'logout', lazy: () => import('@/features/auth/routes/logout'), ...NO_ELEMENT },
      { path: '404', Component: NotFoundScreen },
      {
        id: 'protected',
        path: '/',
        loader: protectedLoader,
        // Check the token on every navigation, not just the first.
        shouldRevalidate: () => true,
        Component: AppLayout,
        children: [
          { index: true, loader: redirectTo('/dashboard'), ...NO_ELEMENT },
          {
            path: 'dashboard',
            lazy: () => import('@/features/dashboard/routes/dashboard-layout'),
            children: [
              { index: true, loader: redirectTo('/dashboard/recents'), ...NO_ELEMENT },
              ...(['recents', 'pending'] as const satisfies DashboardView[]).map((view) => ({
                path: view,
                handle: { dashboardView: view },
                lazy: dashboardTransactions,
              })),
            ],
          },
          { path: 'accounts', lazy: () => import('@/features/accounts/routes/accounts') },
          {
            path: 'accounts/:accountId',
            lazy: () => import('@/features/accounts/routes/account-layout'),
            children: [
              {
                index: true,
                loader: ({ params }: LoaderFunctionArgs) =>
                  replace(`/accounts/${encodeURIComponent(params.accountId ?? '')}/recents`),
                ...NO_ELEMENT,
              },
              ...(['recents', 'pending'] as const satisfies AccountView[]).map((view) => ({
                path: view,
                handle: { accountView: view },
                lazy: accountTransactions,
              })),
            ],
          },
          { path: 'products', lazy: () => import('@/features/products/routes/products') },
          {
            path: 'transactions',
            lazy: () => import('@/features/transactions/routes/transactions-layout'),
            children: [
              { index: true, loader: redirectTo('/transactions/all'), ...NO_ELEMENT },
              ...(['all', 'credit', 'debit', 'pending', 'failed'] as const).map(transactionFilter),
            ],
          },
          {
            path: 'settings',
            lazy: () => import('@/features/settings/routes/settings-layout'),
            children: [
              { index: true, lazy: () => import('@/features/users/routes/user-profile') },
              { path: 'company-details', lazy: () => import('@/features/users/routes/company-details') },
              {
                path: 'settlement-account',
                lazy: () => import('@/features/banks/routes/settlement-account'),
              },
              { path: 'documents', lazy: () => import('@/features/documents/routes/documents') },
              { path: 'security', lazy: () => import('@/features/users/routes/security') },
              { path: 'notifications', lazy: () => import('@/features/settings/routes/notifications') },
              {
                path: 'developer-settings',
                lazy: () => import('@/features/users/routes/developer-settings'),
              },
              { path: 'apps', lazy: () => import('@/features/apps/routes/apps') },
              { path: 'apps/:appId', lazy: () => import('@/features/apps/routes/app-details') },
            ],
          },
          { path: 'playground', lazy: () => import('@/features/playground/routes/playground') },
        ],
      },
      { path: '*', loader: redirectTo('/404'), ...NO_ELEMENT },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}
