import { type ProductPage, ProductPageSchema, SEARCH_PAGE_SIZE } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PRODUCTS_FETCH_ERROR = 'Unable to fetch products';

export interface ProductsPageRequest {
  page?: number;
  size?: number;
}

function getProducts(
  { page = 1, size = SEARCH_PAGE_SIZE }: ProductsPageRequest,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return apiRequest('/products', {
    query: { page, size },
    schema: ProductPageSchema,
    defaultError: PRODUCTS_FETCH_ERROR,
    signal,
  });
}

export function getProductsQueryOptions({ page = 1, size = SEARCH_PAGE_SIZE }: ProductsPageRequest) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'list', page, size] as const,
    queryFn: ({ signal }) => getProducts({ page, size }, signal),
    // Paging keeps the current rows on screen (dimmed) until the next page arrives.
    placeholderData: (previous) => previous,
    // The list shows its own error state with a Retry button.
    meta: { errorToast: false },
  });
}

/** One page of the merchant's products, newest first. */
export function useProducts(request: ProductsPageRequest) {
  return useQuery(getProductsQueryOptions(request));
}
