import type { ProductStatus } from '@bizdash/shared';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';

const STATUS_DISPLAY: Record<ProductStatus, { label: string; tone: BadgeTone }> = {
  ACTIVE: { label: 'Active', tone: 'green' },
  SOLD_OUT: { label: 'Sold out', tone: 'yellow' },
  ARCHIVED: { label: 'Archived', tone: 'grey' },
};

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { label, tone } = STATUS_DISPLAY[status];
  return (
    <StatusBadge tone={tone} data-testid="product-status" data-tone={tone}>
      {label}
    </StatusBadge>
  );
}
