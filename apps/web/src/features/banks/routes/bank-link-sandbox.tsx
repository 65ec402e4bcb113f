import type { SandboxBankLinkSession } from '@bizdash/shared';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { SandboxProviderLayout } from '@/components/layouts/sandbox-provider-layout';
import { buttonClasses } from '@/components/ui/button';
import { useSandboxBankLink } from '../api/sandbox-bank-link';
import { SandboxBankLinkForm } from '../components/sandbox-bank-link-form';

/** How long the page says "linked" before it sends the merchant back. */
const REDIRECT_AFTER_MS = 1_500;

function LinkResult({ session }: { session: SandboxBankLinkSession }) {
  const linked = session.status === 'COMPLETED';
  useEffect(() => {
    if (!linked) return;
    const timer = window.setTimeout(
      () => window.location.assign(session.completionRedirectUrl),
      REDIRECT_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [linked, session.completionRedirectUrl]);

  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      {linked ? (
        <CheckCircle2 className="size-8 text-green-700" aria-hidden="true" />
      ) : (
        <XCircle className="size-8 text-red-700" aria-hidden="true" />
      )}
      <h2 className="text-lg font-semibold text-slate-900">
        {linked ? 'Bank account linked' : 'Your account was not linked'}
      </h2>
      <p className="text-sm text-slate-700">
        {linked ? 'Taking you back to Bizdash...' : (session.reason ?? 'Please try again from Bizdash.')}
      </p>
      {/* A full page load, as a provider's redirect back is: the dashboard reads the accounts afresh. */}
      <a href={session.completionRedirectUrl} className={buttonClasses('primary', 'lg')}>
        Return to Bizdash
      </a>
    </div>
  );
}

/** The sandbox bank-link provider's hosted page (/bank-link/sandbox?session=...): what Plaid hosts itself. */
export function Component() {
  return (
    <SandboxProviderLayout
      title="Connect your bank"
      explanation="This is the sandbox bank link: no real bank is contacted and nothing leaves this server. Sign in with a test user below to link a US account to Bizdash."
      useSession={useSandboxBankLink}
      noSession="This bank link is not valid or has expired. Start again from Bizdash."
      loading="Loading the bank link..."
      returnLink={
        <a href="/settings/settlement-account" className={buttonClasses('secondary', 'lg')}>
          Return to Bizdash
        </a>
      }
    >
      {(session) =>
        session.status === 'OPEN' ? (
          <SandboxBankLinkForm session={session} />
        ) : (
          <LinkResult session={session} />
        )
      }
    </SandboxProviderLayout>
  );
}
