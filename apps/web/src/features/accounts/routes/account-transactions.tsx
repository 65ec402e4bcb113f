import { Clock, Receipt } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useRouteHandle } from '@/lib/use-route-handle';

export type AccountView = 'recents' | 'pending';

function isAccountHandle(value: unknown): value is { accountView: AccountView } {
  return typeof value === 'object' && value !== null && 'accountView' in value;
}

export function Component() {
  const view = useRouteHandle(isAccountHandle)?.accountView ?? 'recents';
  return view === 'pending' ? (
    <EmptyState
      icon={Clock}
      title="No pending transactions"
      description="Transactions on this account that are waiting to be confirmed will appear here."
    />
  ) : (
    <EmptyState
      icon={Receipt}
      title="No transactions yet"
      description="Money in and out of this account will appear here, newest first."
    />
  );
}
