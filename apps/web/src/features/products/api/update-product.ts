import { type ProductInput, ProductSchema } from '@bizdash/shared';
import { apiRequest } from '@/lib/api-client';
import { type ProductMutationHandlers, useProductMutation } from './use-product-mutation';

const PRODUCT_UPDATE_ERROR = 'Unable to update product';

export interface ProductUpdate {
  productId: string;
  input: ProductInput;
}

function updateProduct({ productId, input }: ProductUpdate) {
  return apiRequest(`/products/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    body: input,
    schema: ProductSchema,
    defaultError: PRODUCT_UPDATE_ERROR,
  });
}

export const useUpdateProduct = (handlers: ProductMutationHandlers) =>
  useProductMutation(updateProduct, 'Product updated successfully', handlers);
