import { LayoutGrid } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return (
    <EmptyState
      icon={LayoutGrid}
      title="No apps yet"
      description="Apps are separate profiles under your business, each with its own API key and webhook. They will be listed here."
    />
  );
}
