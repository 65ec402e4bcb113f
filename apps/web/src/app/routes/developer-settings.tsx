import { QueryErrorState } from '@/components/ui/error-state';
import { RequirePermission } from '@/components/ui/permission-gate';
import { Spinner } from '@/components/ui/spinner';
import { ApiKeyCard } from '@/features/api-keys/components/api-key-card';
import { DeliveryLog } from '@/features/webhooks/components/delivery-log';
import { WebhookCard } from '@/features/webhooks/components/webhook-card';
import { useActingUserId } from '@/lib/acting-profile';
import { useApiDetails } from '@/lib/api/api-details';

interface DeveloperSettingsProps {
  /** Whose key and webhook: the merchant's, or one of its apps'. */
  userId: string;
  /** After each saved change (an app's page refreshes the apps list, SPEC section 7). */
  onChange?: () => void;
}

/**
 * Developer Settings of one user (SPEC section 2): the API key (api-keys) above the webhook and its delivery log
 * (webhooks).
 */
export function DeveloperSettings({ userId, onChange }: DeveloperSettingsProps) {
  const query = useApiDetails(userId);
  if (!query.data) {
    if (query.isError) return <QueryErrorState query={query} />;
    return (
      <div className="flex justify-center py-16" role="status">
        <Spinner className="size-6" />
        <span className="sr-only">Loading developer settings</span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ApiKeyCard userId={userId} details={query.data} onChange={onChange} />
      <WebhookCard userId={userId} details={query.data} onChange={onChange} />
      <DeliveryLog userId={userId} />
    </div>
  );
}

/**
 * /settings/developer-settings: the API key, webhook and deliveries of whom the dashboard acts for (the merchant,
 * or the app chosen in the profile switcher, as its page under Apps shows them too).
 */
export function Component() {
  const userId = useActingUserId();
  // The key is never shown to a role that cannot manage it (the API leaves it out too), nor are its buttons.
  return (
    <RequirePermission permission="developers.manage" title="Developer settings">
      {userId ? <DeveloperSettings userId={userId} /> : null}
    </RequirePermission>
  );
}
