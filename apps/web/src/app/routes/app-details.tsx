import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RequirePermission } from '@/components/ui/permission-gate';
import { AppPage } from '@/features/apps/components/app-page';
import { queryKeys } from '@/lib/query-keys';
import { DeveloperSettings } from './developer-settings';

/** /settings/apps/{appId}: the app (apps) with its own key (api-keys), webhook and deliveries (webhooks), as the merchant's. */
export function Component() {
  return (
    <RequirePermission permission="developers.manage" title="Apps">
      <AppDetails />
    </RequirePermission>
  );
}

function AppDetails() {
  const appId = useParams().appId ?? '';
  const queryClient = useQueryClient();
  return (
    <AppPage key={appId} appId={appId}>
      <section aria-labelledby="app-developer-heading" className="flex flex-col gap-4">
        <h2 id="app-developer-heading" className="text-lg font-semibold text-slate-900">
          Developer settings
        </h2>
        {/* SPEC section 7: after a change to an app's key or webhook, the apps list is refreshed. */}
        <DeveloperSettings
          userId={appId}
          onChange={() => void queryClient.invalidateQueries({ queryKey: queryKeys.apps })}
        />
      </section>
    </AppPage>
  );
}
