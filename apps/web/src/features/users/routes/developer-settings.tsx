import { Code } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return (
    <EmptyState
      icon={Code}
      title="Developer Settings"
      description="Your API key and the webhook URL that receives payment events will be managed here."
    />
  );
}
