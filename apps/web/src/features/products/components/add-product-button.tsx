import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PermissionGate } from '@/components/ui/permission-gate';

/** 'Add product', disabled for a role that cannot create payment links, saying who can. */
export function AddProductButton({ onClick }: { onClick: () => void }) {
  return (
    <PermissionGate permission="products.manage">
      {(allowed) => (
        <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={onClick} disabled={!allowed}>
          Add product
        </Button>
      )}
    </PermissionGate>
  );
}
