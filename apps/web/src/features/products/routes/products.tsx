import { Link2 } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader
        title="Products"
        description="Sell through payment links: each product has a link you can copy and share with customers."
      />
      <EmptyState
        icon={Link2}
        title="No products yet"
        description="Products you create will appear here, newest first, each with its price, stock and payment link."
      />
    </>
  );
}
