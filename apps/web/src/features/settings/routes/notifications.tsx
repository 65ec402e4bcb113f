import { Bell } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return (
    <EmptyState
      icon={Bell}
      title="Notifications"
      description="In-app and email notification preferences for account updates, payments, transfers and security alerts will be managed here."
    />
  );
}
