import { TEAM_ROLE_LABELS } from '@bizdash/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useApps } from '@/features/apps/api/get-apps';
import { actFor, actForBusiness, useActingApp, useActingBusiness } from '@/lib/acting-profile';
import { useMemberships } from '@/lib/api/memberships';
import { useUser } from '@/lib/api/user';

const bandClasses =
  'flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-sky-100 px-4 py-2 text-center text-sm text-sky-950';
const backClasses =
  'inline-flex max-w-full items-center gap-1 rounded-sm font-semibold text-sky-900 underline underline-offset-2 hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-800';

function BackButton({ onClick }: { onClick: () => void }) {
  const { data: user } = useUser();
  return (
    <button type="button" onClick={onClick} className={backClasses}>
      <ArrowLeft className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">Back to {user?.businessName || 'your business'}</span>
    </button>
  );
}

/**
 * While acting for a business the person is a member of, the band names it and their role there. A business that no
 * longer lists them (removed, here or elsewhere) sends the dashboard back to their own account.
 */
function ActingBusinessBanner() {
  const business = useActingBusiness();
  const memberships = useMemberships();
  const listed = memberships.data?.find((membership) => membership.businessId === business?.businessId);
  const gone = Boolean(business && memberships.isSuccess && !listed);
  useEffect(() => {
    if (gone) actForBusiness(null);
  }, [gone]);
  if (!business || gone) return null;
  return (
    <div role="status" className={bandClasses} data-testid="acting-banner">
      <span className="min-w-0 truncate">
        Acting for <strong className="font-semibold">{business.businessName}</strong> as{' '}
        <strong className="font-semibold">{TEAM_ROLE_LABELS[listed?.role ?? business.role]}</strong>
      </span>
      <BackButton onClick={() => actForBusiness(null)} />
    </div>
  );
}

/**
 * While the dashboard acts for an app, a slim band above every page says so, with the way back. An app that is no
 * longer listed (deleted or archived, here or elsewhere) sends the dashboard back to the merchant.
 */
export function ActingBanner() {
  const acting = useActingApp();
  const apps = useApps({ errorToast: false, enabled: acting !== null });
  const gone = Boolean(acting && apps.isSuccess && !apps.data.some((app) => app.recordId === acting.appId));
  useEffect(() => {
    if (gone) actFor(null);
  }, [gone]);
  if (!acting) return <ActingBusinessBanner />;
  if (gone) return null;
  return (
    <div role="status" className={bandClasses} data-testid="acting-banner">
      <span className="min-w-0 truncate">
        Acting as <strong className="font-semibold">{acting.name}</strong>
      </span>
      <BackButton onClick={() => actFor(null)} />
    </div>
  );
}
