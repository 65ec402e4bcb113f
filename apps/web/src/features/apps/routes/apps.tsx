import { RequirePermission } from '@/components/ui/permission-gate';
import { AppsList } from '../components/apps-list';
import { CreateAppDialog } from '../components/create-app-dialog';

/** /settings/apps: the merchant's apps and 'Create app'. */
export function Component() {
  return (
    <RequirePermission permission="developers.manage" title="Apps">
      <AppsScreen />
    </RequirePermission>
  );
}

function AppsScreen() {
  return (
    <section
      aria-labelledby="apps-heading"
      className="overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-900/5"
    >
      <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <h2 id="apps-heading" className="text-base font-semibold text-slate-900">
            Apps
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Separate businesses under one login, each with its own wallets, products, API key and webhook.
          </p>
        </div>
        <CreateAppDialog />
      </div>
      <AppsList />
    </section>
  );
}
