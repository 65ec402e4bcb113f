import { Landmark } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return (
    <EmptyState
      icon={Landmark}
      title="No settlement accounts yet"
      description="Bank accounts your NGN and USD balances are paid out to will be listed here."
    />
  );
}
