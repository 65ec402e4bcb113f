import type { SandboxKycSession } from '@bizdash/shared';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

const RESULTS = {
  APPROVED: {
    icon: <CheckCircle2 className="size-8 text-green-700" aria-hidden="true" />,
    title: 'Identity verified',
    text: 'Your identity was verified. Your account is now active.',
  },
  IN_REVIEW: {
    icon: <Clock className="size-8 text-amber-600" aria-hidden="true" />,
    title: 'Verification in review',
    text: 'Your details were submitted and are being reviewed. In the sandbox this takes about a minute; your status in Bizdash updates by itself.',
  },
  REJECTED: {
    icon: <XCircle className="size-8 text-red-700" aria-hidden="true" />,
    title: 'Verification not approved',
    text: 'Your identity could not be verified. You can try again from Bizdash.',
  },
} as const;

/** What the widget shows once the details were submitted. */
export function SandboxKycResult({ session }: { session: SandboxKycSession }) {
  if (session.status === 'OPEN') return null;
  const result = RESULTS[session.status];
  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      {result.icon}
      <h2 className="text-lg font-semibold text-slate-900">{result.title}</h2>
      <p className="text-sm text-slate-700">{result.text}</p>
      {session.status === 'REJECTED' && session.reason ? (
        <p className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">Reason: {session.reason}</p>
      ) : null}
      {/* A full page load, as a provider's redirect back is: the dashboard reads the status afresh. */}
      <a href="/settings/documents" className={buttonClasses('primary', 'lg')}>
        Return to Bizdash
      </a>
    </div>
  );
}
