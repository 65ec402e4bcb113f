import type { SandboxBankLinkSession } from '@bizdash/shared';
import { CheckCircle2, FlaskConical, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSandboxBankLink } from '../api/sandbox-bank-link';
import { SandboxBankLinkForm } from '../components/sandbox-bank-link-form';

const NO_SESSION = 'This bank link is not valid or has expired. Start again from Bizdash.';
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
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session') ?? '';
  const session = useSandboxBankLink(sessionId);

  return (
    <AuthLayout
      width="lg"
      title="Connect your bank"
      description={
        <span className="flex flex-col gap-3">
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase ring-1 ring-amber-300">
            <FlaskConical className="size-3.5" aria-hidden="true" /> Sandbox
          </span>
          <span>
            This is the sandbox bank link: no real bank is contacted and nothing leaves this server. Sign in
            with a test user below to link a US account to Bizdash.
          </span>
        </span>
      }
    >
      {!sessionId || session.isError ? (
        <div className="flex flex-col gap-6">
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {sessionId ? (session.error?.message ?? NO_SESSION) : NO_SESSION}
          </p>
          <a href="/settings/settlement-account" className={buttonClasses('secondary', 'lg')}>
            Return to Bizdash
          </a>
        </div>
      ) : session.isPending ? (
        <p className="flex items-center gap-3 text-sm text-slate-700" role="status">
          <Spinner className="size-5 text-brand-700" /> Loading the bank link...
        </p>
      ) : session.data.status === 'OPEN' ? (
        <SandboxBankLinkForm session={session.data} />
      ) : (
        <LinkResult session={session.data} />
      )}
    </AuthLayout>
  );
}
