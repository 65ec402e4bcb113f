import type { Product } from '@bizdash/shared';
import { Link2, type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import { PermissionGate } from '@/components/ui/permission-gate';
import { copyWithToast } from '@/lib/clipboard';
import { cn } from '@/lib/cn';

export interface ProductRowHandlers {
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

interface IconActionProps {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

function IconAction({ icon: Icon, label, onClick, danger = false, disabled = false }: IconActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700',
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-slate-100 hover:text-slate-900',
        'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-slate-600',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

/** Copy its payment link, edit, delete; an archived product can only have its link copied. */
export function ProductActions({ product, onEdit, onDelete }: { product: Product } & ProductRowHandlers) {
  const { productName } = product;
  return (
    <div className="flex items-center gap-1">
      <IconAction
        icon={Link2}
        label={`Copy payment link for ${productName}`}
        onClick={() => void copyWithToast(product.paymentLink, 'payment link', 'Failed to copy payment link')}
      />
      {product.status === 'ARCHIVED' ? null : (
        <PermissionGate permission="products.manage">
          {(allowed) => (
            <span className="flex items-center gap-1">
              <IconAction
                icon={Pencil}
                label={`Edit ${productName}`}
                onClick={() => onEdit(product)}
                disabled={!allowed}
              />
              <IconAction
                icon={Trash2}
                label={`Delete ${productName}`}
                onClick={() => onDelete(product)}
                disabled={!allowed}
                danger
              />
            </span>
          )}
        </PermissionGate>
      )}
    </div>
  );
}
