import type { Product } from '@bizdash/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteProduct } from '../api/delete-product';

interface DeleteProductDialogProps {
  /** The product to delete; null keeps the dialog closed. */
  product: Product | null;
  onClose: () => void;
}

/** Asks first, and says what will happen: a product with payments is archived so its history stays. */
export function DeleteProductDialog({ product, onClose }: DeleteProductDialogProps) {
  const remove = useDeleteProduct({ onSuccess: onClose });
  const archives = product?.hasPayments ?? false;
  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete product?"
      confirmLabel={archives ? 'Archive product' : 'Delete product'}
      onConfirm={() => product && remove.mutate(product.recordId)}
      pending={remove.isPending}
      destructive
    >
      {product ? (
        <p className="text-sm text-slate-700" data-testid="delete-product-outcome">
          {archives ? (
            <>
              <strong className="font-semibold text-slate-900">{product.productName}</strong> has payments, so
              it will be archived instead of deleted: its payment history is kept, and its payment link will
              show customers that it is no longer available.
            </>
          ) : (
            <>
              <strong className="font-semibold text-slate-900">{product.productName}</strong> will be deleted
              permanently, and its payment link will stop working. This cannot be undone.
            </>
          )}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
