import type { User, UserStatus } from '@bizdash/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Clock, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PermissionGate } from '@/components/ui/permission-gate';
import { Spinner } from '@/components/ui/spinner';
import { useKycStatus } from '../api/get-kyc-status';

/** The start page opens the provider's widget for this customer (the merchant). */
const kycStartPath = (customerId: string) => `/kyc?customerId=${encodeURIComponent(customerId)}`;

/** 'Complete KYC': a link for a role that can verify the business, else a disabled button saying who can. */
function CompleteKycLink({ customerId }: { customerId: string }) {
  return (
    <PermissionGate permission="settings.manage">
      {(allowed) =>
        allowed ? (
          <Link to={kycStartPath(customerId)} className={buttonClasses('primary', 'md')}>
            Complete KYC
          </Link>
        ) : (
          <Button disabled>Complete KYC</Button>
        )
      }
    </PermissionGate>
  );
}

function Message({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3 text-sm text-slate-700">
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}

function FailedReason({ userId, status }: { userId: string; status: UserStatus }) {
  const kyc = useKycStatus(userId, status);
  if (kyc.isPending) return <Spinner className="size-4 text-slate-500" label="Loading the reason" />;
  return kyc.data?.reason ? <p className="text-slate-700">Reason: {kyc.data.reason}</p> : null;
}

/**
 * Individual KYC (SPEC section 4): the identity widget until the merchant is verified, then its outcome. The
 * merchant's query comes from the page (the users feature owns it); the shell's live stream keeps it fresh.
 */
export function KycSection({
  userQuery,
}: {
  userQuery: Pick<UseQueryResult<User>, 'data' | 'isPending' | 'isError'>;
}) {
  const { data: user, isPending, isError } = userQuery;

  return (
    <section aria-labelledby="kyc-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="kyc-heading" className="text-base font-semibold text-slate-900">
        Individual KYC
      </h2>
      <div className="mt-3" aria-live="polite">
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading your verification status...
          </p>
        ) : isError || !user ? (
          <p role="alert" className="text-sm text-red-700">
            Unable to fetch user information
          </p>
        ) : user.status === 'ACTIVE' ? (
          <Message icon={<CheckCircle2 className="size-5 text-green-700" aria-hidden="true" />}>
            <p>KYC verification is complete.</p>
          </Message>
        ) : user.status === 'IN_REVIEW' ? (
          <Message icon={<Clock className="size-5 text-amber-600" aria-hidden="true" />}>
            <p className="font-medium text-slate-900">Your verification is in review.</p>
            <p>Your status updates here as soon as it is decided; you do not need to reload.</p>
          </Message>
        ) : user.status === 'KYC_FAILED' ? (
          <div className="flex flex-col gap-4">
            <Message icon={<ShieldAlert className="size-5 text-red-700" aria-hidden="true" />}>
              <p className="font-medium text-slate-900">Your identity could not be verified.</p>
              <FailedReason userId={user.recordId} status={user.status} />
              <p>Check your details and try again.</p>
            </Message>
            <div>
              <CompleteKycLink customerId={user.recordId} />
            </div>
          </div>
        ) : user.status === 'SUSPENDED' ? (
          <p className="text-sm text-slate-700">This account is suspended. Please contact support.</p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-700">
              Verify your identity with a government ID to activate your account.
            </p>
            <div>
              <CompleteKycLink customerId={user.recordId} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
