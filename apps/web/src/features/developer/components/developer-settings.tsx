import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useApiDetails } from '../api/get-api-details';
import { ApiKeyCard } from './api-key-card';
import { DeliveryLog } from './delivery-log';
import { WebhookCard } from './webhook-card';

interface DeveloperSettingsProps {
  /** Whose key and webhook: the merchant's, or one of its apps'. */
  userId: string;
  /** After each saved change (an app's page refreshes the apps list, SPEC section 7). */
  onChange?: () => void;
}

/** Developer Settings of one user (SPEC section 2): API key, webhook and the delivery log. */
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
