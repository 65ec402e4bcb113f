import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RECENT_VIEWS, TRANSACTION_TABS, type TransactionTab } from '@/features/transactions/tabs';
import { registerNavigator } from '@/lib/navigation';
import { protectedLoader, SWITCH_ACCOUNT_PATH, startupLoader } from './loaders';
import { NotFoundScreen } from './not-found-screen';
import { RouteErrorScreen } from './route-error-screen';

const redirectTo = (path: string) => () => replace(path);
// Redirect-only routes render nothing; an explicit null keeps React Router from warning about a missing element.
const NO_ELEMENT = { element: null } as const;

/** Shown while the first page's lazy code loads. */
function RootHydrateFallback() {
  return <PageSpinner className="min-h-dvh" />;
}

// Dashboard, accounts and transactions share one feature: the same list, hooks and details modal.
const dashboardTransactions = () => import('@/features/transactions/routes/dashboard-transactions');
const transactionsList = () => import('@/features/transactions/routes/transactions-list');
const accountTransactions = () => import('@/features/transactions/routes/account-transactions');

const transactionTab = (tab: TransactionTab): RouteObject => ({
  path: tab,
  handle: { transactionTab: tab },
  lazy: transactionsList,
});

/** The route table of SPEC section 2. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: startupLoader,
    // The providers and the cookie banner load beside the first page's code; the error screen and the spinner
    // stay in the entry: they show when that code is late or fails to load.
    lazy: async () => ({ Component: (await import('./root-layout')).RootLayout }),
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: RootHydrateFallback,
    children: [
      { path: 'signin', lazy: () => import('@/features/auth/routes/sign-in') },
      { path: 'signup', lazy: () => import('@/features/auth/routes/sign-up') },
      { path: 'forgot-password', lazy: () => import('@/features/auth/routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('@/features/auth/routes/reset-password') },
      { path: SWITCH_ACCOUNT_PATH, lazy: () => import('@/features/auth/routes/switch-account') },
      { path: 'sandbox/mailbox', lazy: () => import('@/features/sandbox/routes/mailbox') },
      // An invitation link (issue 23 §1): public, it shows the invitation before signing in or up.
      { path: 'invitations/accept', lazy: () => import('@/features/team/routes/accept-invitation') },
      // The identity widget: /kyc starts a verification and opens the provider's widget (the sandbox's is /kyc/sandbox).
      { path: 'kyc', lazy: () => import('@/features/kyc/routes/kyc-start') },
      { path: 'kyc/sandbox', lazy: () => import('@/features/kyc/routes/kyc-sandbox') },
      // The bank-link provider's hosted page for USD settlement accounts (the sandbox's; Plaid hosts its own).
      { path: 'bank-link/sandbox', lazy: () => import('@/features/banks/routes/bank-link-sandbox') },
      // The public checkout behind every payment link: no sign-in, no dashboard chrome.
      { path: 'pay/:productId', lazy: () => import('@/features/checkout/routes/checkout') },
      {
        path: 'pay/:productId/payments/:paymentId',
        lazy: () => import('@/features/checkout/routes/payment'),
      },
      { path: 'logout', lazy: () => import('@/features/auth/routes/logout'), ...NO_ELEMENT },
      { path: '404', Component: NotFoundScreen },
      {
        id: 'protected',
        path: '/',
        loader: protectedLoader,
        // Check the token on every navigation, not just the first.
        shouldRevalidate: () => true,
        // The signed-in shell (sidebar, menus, banners) loads with the first signed-in page, in parallel with
        // the loader: sign-in and the public checkout never download it.
        lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
        children: [
          { index: true, loader: redirectTo('/dashboard'), ...NO_ELEMENT },
          {
            path: 'dashboard',
            lazy: () => import('@/features/transactions/routes/dashboard-layout'),
            children: [
              { index: true, loader: redirectTo('/dashboard/recents'), ...NO_ELEMENT },
              ...RECENT_VIEWS.map((view) => ({
                path: view,
                handle: { recentView: view },
                lazy: dashboardTransactions,
              })),
            ],
          },
          { path: 'accounts', lazy: () => import('@/features/transactions/routes/accounts') },
          {
            path: 'accounts/:accountId',
            lazy: () => import('@/features/transactions/routes/account-layout'),
            children: [
              {
                index: true,
                loader: ({ params }: LoaderFunctionArgs) =>
                  replace(`/accounts/${encodeURIComponent(params.accountId ?? '')}/recents`),
                ...NO_ELEMENT,
              },
              ...RECENT_VIEWS.map((view) => ({
                path: view,
                handle: { recentView: view },
                lazy: accountTransactions,
              })),
            ],
          },
          { path: 'convert', lazy: () => import('@/features/fx/routes/convert') },
          { path: 'products', lazy: () => import('@/features/products/routes/products') },
          { path: 'customers', lazy: () => import('@/features/customers/routes/customers') },
          { path: 'customers/:customerId', lazy: () => import('@/features/customers/routes/customer') },
          { path: 'disputes', lazy: () => import('@/features/disputes/routes/disputes') },
          { path: 'disputes/:disputeId', lazy: () => import('@/features/disputes/routes/dispute') },
          {
            path: 'transactions',
            lazy: () => import('@/features/transactions/routes/transactions-layout'),
            children: [
              { index: true, loader: redirectTo('/transactions/all'), ...NO_ELEMENT },
              ...TRANSACTION_TABS.map(transactionTab),
            ],
          },
          { path: 'payouts', lazy: () => import('@/features/payouts/routes/payouts') },
          { path: 'payouts/new', lazy: () => import('@/features/payouts/routes/new-payout') },
          { path: 'payouts/:payoutId', lazy: () => import('@/features/payouts/routes/payout') },
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
              { path: 'documents', lazy: () => import('@/app/routes/documents') },
              { path: 'security', lazy: () => import('@/features/security/routes/security') },
              {
                path: 'notifications',
                lazy: () => import('@/features/notifications/routes/notification-settings'),
              },
              {
                path: 'developer-settings',
                lazy: () => import('@/app/routes/developer-settings'),
              },
              { path: 'apps', lazy: () => import('@/features/apps/routes/apps') },
              // An app's page shows its developer settings too: composed in app/routes.
              { path: 'apps/:appId', lazy: () => import('@/app/routes/app-details') },
              // The business's audit trail (owners and admins, audit.read).
              { path: 'activity', lazy: () => import('@/features/audit/routes/activity') },
              // The team of the business acted for (issue 23 §1): everyone sees it, owners and admins change it.
              { path: 'team', lazy: () => import('@/features/team/routes/team') },
            ],
          },
          { path: 'playground', lazy: () => import('@/features/playground/routes/playground') },
          // The merchant's own test mail, linked from the Test mode band (the operator's is /sandbox/mailbox).
          { path: 'sandbox/my-mailbox', lazy: () => import('@/features/sandbox/routes/my-mailbox') },
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
