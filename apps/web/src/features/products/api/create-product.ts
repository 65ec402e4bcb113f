import { type ProductInput, ProductSchema } from '@bizdash/shared';
import { apiRequest } from '@/lib/api-client';
import { type ProductMutationHandlers, useProductMutation } from './use-product-mutation';

const PRODUCT_CREATE_ERROR = 'Unable to create product';

function createProduct(input: ProductInput) {
  return apiRequest('/products', {
    method: 'POST',
    body: input,
    schema: ProductSchema,
    defaultError: PRODUCT_CREATE_ERROR,
  });
}

export const useCreateProduct = (handlers: ProductMutationHandlers) =>
  useProductMutation(createProduct, 'Product created successfully', handlers);
