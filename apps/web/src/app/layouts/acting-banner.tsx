import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useApps } from '@/features/apps/api/get-apps';
import { actFor, useActingApp } from '@/lib/acting-profile';
import { useUser } from '@/lib/api/user';

/**
 * While the dashboard acts for an app, a slim band above every page says so, with the way back. An app that is no
 * longer listed (deleted or archived, here or elsewhere) sends the dashboard back to the merchant.
 */
export function ActingBanner() {
  const acting = useActingApp();
  const apps = useApps({ errorToast: false, enabled: acting !== null });
  const { data: user } = useUser();
  const gone = Boolean(acting && apps.isSuccess && !apps.data.some((app) => app.recordId === acting.appId));
  useEffect(() => {
    if (gone) actFor(null);
  }, [gone]);
  if (!acting || gone) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-sky-100 px-4 py-2 text-center text-sm text-sky-950"
      data-testid="acting-banner"
    >
      <span className="min-w-0 truncate">
        Acting as <strong className="font-semibold">{acting.name}</strong>
      </span>
      <button
        type="button"
        onClick={() => actFor(null)}
        className="inline-flex max-w-full items-center gap-1 rounded-sm font-semibold text-sky-900 underline underline-offset-2 hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-800"
      >
        <ArrowLeft className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">Back to {user?.businessName || 'your business'}</span>
      </button>
    </div>
  );
}
