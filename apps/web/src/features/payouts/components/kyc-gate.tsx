import type { UserStatus } from '@bizdash/shared';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export const DOCUMENTS_PATH = '/settings/documents';

const REASONS: Record<
  Exclude<UserStatus, 'ACTIVE'>,
  { title: string; text: string; action: string | null }
> = {
  PENDING_KYC: {
    title: 'Verify your identity to pay out',
    text: 'Payouts send money out of Bizdash, so we need to know who receives it. Complete KYC in Settings > Documents: it takes a few minutes, and payouts open as soon as you are verified.',
    action: 'Complete KYC in Documents',
  },
  IN_REVIEW: {
    title: 'Your identity check is in review',
    text: 'Payouts open as soon as your KYC is approved. You can follow it in Settings > Documents.',
    action: 'Go to Documents',
  },
  KYC_FAILED: {
    title: 'Your identity could not be verified',
    text: 'Payouts need a verified identity. See why in Settings > Documents and try again.',
    action: 'Try KYC again in Documents',
  },
  SUSPENDED: {
    title: 'Payouts are unavailable',
    text: 'Your account is suspended, so no money can leave it. Contact support to find out more.',
    action: null,
  },
};

/** Instead of the payout flow, for a merchant whose KYC is not complete: why, and where to fix it. */
export function KycGate({ status }: { status: Exclude<UserStatus, 'ACTIVE'> }) {
  const reason = REASONS[status];
  return (
    <section
      aria-labelledby="payouts-unavailable"
      data-testid="payouts-kyc-gate"
      className="flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-xs ring-1 ring-slate-900/5"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </div>
      <h2 id="payouts-unavailable" className="mt-4 text-base font-semibold text-slate-900">
        {reason.title}
      </h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600">{reason.text}</p>
      {reason.action ? (
        <Link to={DOCUMENTS_PATH} className={`${buttonClasses('primary')} mt-6`}>
          {reason.action}
        </Link>
      ) : null}
    </section>
  );
}
