import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useNotificationSettings } from '@/features/notifications/api/notification-settings';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { useBusinessId } from '@/lib/acting-profile';

function NotificationSettingsScreen({ userId }: { userId: string }) {
  const settings = useNotificationSettings(userId);
  if (settings.isPending)
    return <Spinner className="mx-auto my-12 size-8 text-brand-700" label="Loading notification settings" />;
  if (settings.isError) return <QueryErrorState query={settings} />;
  return <NotificationSettingsForm userId={userId} saved={settings.data} />;
}

export function Component() {
  const userId = useBusinessId();
  return userId ? <NotificationSettingsScreen userId={userId} /> : null;
}
