import type { Product } from '@bizdash/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
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
    <Modal
      open={product !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete product?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() => product && remove.mutate(product.recordId)}
          >
            {archives ? 'Archive product' : 'Delete product'}
          </Button>
        </>
      }
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
    </Modal>
  );
}
