import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { TestModeBanner } from '@/features/test-mode/components/test-mode-banner';
import { EmailVerificationBanner } from '@/features/users/components/email-verification-banner';
import { useActingUserId } from '@/lib/acting-profile';
import { useUser } from '@/lib/api/user';
import { TransactionDetailExtraProvider } from '@/lib/transaction-detail-slot';
import { useLiveUpdates } from '@/lib/use-live-updates';
import { TransactionDetailExtra } from '../transaction-detail-extra';
import { ActingBanner } from './acting-banner';
import { SidebarContent } from './sidebar-content';
import { TopBar } from './top-bar';
import { TwoFactorRequiredBanner } from './two-factor-required-banner';

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** The one live stream, opened again for whoever the dashboard acts for (its notices are that user's). */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/**
 * The signed-in shell: sidebar (desktop), test-mode banner, top bar with the mobile menu, verification banner, page;
 * and the one live stream every signed-in page follows.
 */
export function AppLayout() {
  const { data: user } = useUser();
  const actingUserId = useActingUserId();
  const location = useLocation();
  const navigation = useNavigation();
  // A new section's page is loading lazily: show the spinner instead of the previous section.
  const loadingNewSection =
    navigation.state === 'loading' &&
    firstSegment(navigation.location.pathname) !== firstSegment(location.pathname);

  return (
    // The band behind the fixed sidebar keeps it whole in full-page captures and print, where fixed means "once".
    // data-app-shell: the cookie banner above the shell starts its content right of the fixed sidebar.
    <div
      data-app-shell
      className="min-h-dvh lg:bg-[linear-gradient(to_right,var(--color-sidebar)_16rem,transparent_16rem)]"
    >
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 lg:block">
        <SidebarContent />
      </aside>
      <div className="lg:pl-64">
        <LiveUpdates key={actingUserId} />
        <TestModeBanner />
        <ActingBanner />
        <TwoFactorRequiredBanner />
        <TopBar />
        {user ? <EmailVerificationBanner user={user} /> : null}
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <TransactionDetailExtraProvider value={TransactionDetailExtra}>
            {loadingNewSection ? <PageSpinner /> : <Outlet />}
          </TransactionDetailExtraProvider>
        </main>
      </div>
    </div>
  );
}
