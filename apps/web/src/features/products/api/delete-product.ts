import { ProductDeletionSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PRODUCT_DELETE_ERROR = 'Unable to delete product';

/** The server decides: a product nobody has paid for goes, one with payments is archived. */
function deleteProduct(productId: string) {
  return apiRequest(`/products/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    schema: ProductDeletionSchema,
    defaultError: PRODUCT_DELETE_ERROR,
  });
}

export function useDeleteProduct({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async ({ outcome }) => {
      toast.success(
        outcome === 'ARCHIVED' ? 'Product archived successfully' : 'Product deleted successfully',
      );
      onSuccess();
      await queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
    onError: (error) => toast.error(error.message),
  });
}
