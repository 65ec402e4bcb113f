import { type ProductInput, ProductSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

export const PRODUCT_UPDATE_ERROR = 'Unable to update product';

export interface ProductUpdate {
  productId: string;
  input: ProductInput;
}

export function updateProduct({ productId, input }: ProductUpdate) {
  return apiRequest(`/products/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    body: input,
    schema: ProductSchema,
    defaultError: PRODUCT_UPDATE_ERROR,
  });
}

export function useUpdateProduct({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async () => {
      toast.success('Product updated successfully');
      onSuccess();
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
      onError(error);
    },
  });
}
