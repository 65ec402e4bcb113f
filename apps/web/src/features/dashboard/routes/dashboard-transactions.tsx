import { Clock, Receipt } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useRouteHandle } from '@/lib/use-route-handle';

export type DashboardView = 'recents' | 'pending';

function isDashboardHandle(value: unknown): value is { dashboardView: DashboardView } {
  return typeof value === 'object' && value !== null && 'dashboardView' in value;
}

export function Component() {
  const view = useRouteHandle(isDashboardHandle)?.dashboardView ?? 'recents';
  return view === 'pending' ? (
    <EmptyState
      icon={Clock}
      title="No pending transactions"
      description="Transactions that are waiting to be confirmed will appear here."
    />
  ) : (
    <EmptyState
      icon={Receipt}
      title="No transactions yet"
      description="Payments you receive and transfers you make will appear here as they happen."
    />
  );
}
