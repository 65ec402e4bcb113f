import { KeyRound } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return (
    <EmptyState
      icon={KeyRound}
      title="Security"
      description="Changing your password will be available here. After a change you sign in again with the new password."
    />
  );
}
