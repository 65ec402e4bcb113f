import { FlaskConical } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader title="Playground" />
      <EmptyState
        icon={FlaskConical}
        title="Nothing here yet"
        description="A space for trying out the dashboard's building blocks during development."
      />
    </>
  );
}
