import type { UseQueryResult } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Spinner } from '@/components/ui/spinner';

interface SandboxProviderLayoutProps<TSession> {
  title: string;
  /** What this stand-in is, and that nothing leaves this server. */
  explanation: string;
  /** Reads the provider's session named by `?session=`. */
  useSession: (sessionId: string) => UseQueryResult<TSession>;
  /** Said when the link has no session or the session is unknown or expired. */
  noSession: string;
  loading: string;
  /** The way back to Bizdash when there is no session to show. */
  returnLink: ReactNode;
  children: (session: TSession) => ReactNode;
}

/**
 * The frame of a page a sandbox provider hosts itself (bank link, identity check): what Plaid or an identity
 * provider would serve on their own site, clearly marked as a sandbox.
 */
export function SandboxProviderLayout<TSession>({
  title,
  explanation,
  useSession,
  noSession,
  loading,
  returnLink,
  children,
}: SandboxProviderLayoutProps<TSession>) {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session') ?? '';
  const session = useSession(sessionId);

  return (
    <AuthLayout
      width="lg"
      title={title}
      description={
        <span className="flex flex-col gap-3">
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase ring-1 ring-amber-300">
            <FlaskConical className="size-3.5" aria-hidden="true" /> Sandbox
          </span>
          <span>{explanation}</span>
        </span>
      }
    >
      {!sessionId || session.isError ? (
        <div className="flex flex-col gap-6">
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {sessionId ? (session.error?.message ?? noSession) : noSession}
          </p>
          {returnLink}
        </div>
      ) : session.isPending ? (
        <p className="flex items-center gap-3 text-sm text-slate-700" role="status">
          <Spinner className="size-5 text-brand-700" /> {loading}
        </p>
      ) : (
        children(session.data)
      )}
    </AuthLayout>
  );
}
