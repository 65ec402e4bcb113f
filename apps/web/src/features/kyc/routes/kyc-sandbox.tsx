import { FlaskConical } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSandboxSession } from '../api/sandbox-session';
import { SandboxKycForm } from '../components/sandbox-kyc-form';
import { SandboxKycResult } from '../components/sandbox-kyc-result';

const NO_SESSION = 'This verification link is not valid or has expired. Start again from Bizdash.';

/** The sandbox identity provider's widget (/kyc/sandbox?session=...): what a real provider hosts itself. */
export function Component() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session') ?? '';
  const session = useSandboxSession(sessionId);

  return (
    <AuthLayout
      width="lg"
      title="Verify your identity"
      description={
        <span className="flex flex-col gap-3">
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase ring-1 ring-amber-300">
            <FlaskConical className="size-3.5" aria-hidden="true" /> Sandbox
          </span>
          <span>
            This is the sandbox identity provider: no real check happens and nothing leaves this server. The
            test number you enter decides the outcome.
          </span>
        </span>
      }
    >
      {!sessionId || session.isError ? (
        <div className="flex flex-col gap-6">
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {sessionId ? (session.error?.message ?? NO_SESSION) : NO_SESSION}
          </p>
          <Link to="/settings/documents" className={buttonClasses('secondary', 'lg')}>
            Return to Bizdash
          </Link>
        </div>
      ) : session.isPending ? (
        <p className="flex items-center gap-3 text-sm text-slate-700" role="status">
          <Spinner className="size-5 text-brand-700" /> Loading the verification...
        </p>
      ) : session.data.status === 'OPEN' ? (
        <SandboxKycForm session={session.data} />
      ) : (
        <SandboxKycResult session={session.data} />
      )}
    </AuthLayout>
  );
}
