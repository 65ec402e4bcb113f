import { type ProductInput, ProductSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

export const PRODUCT_CREATE_ERROR = 'Unable to create product';

export function createProduct(input: ProductInput) {
  return apiRequest('/products', {
    method: 'POST',
    body: input,
    schema: ProductSchema,
    defaultError: PRODUCT_CREATE_ERROR,
  });
}

export function useCreateProduct({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: async () => {
      toast.success('Product created successfully');
      onSuccess();
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
      onError(error);
    },
  });
}
