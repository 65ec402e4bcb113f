import { type ProductPage, ProductPageSchema, SEARCH_PAGE_SIZE } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PRODUCTS_FETCH_ERROR = 'Unable to fetch products';

export interface ProductsPageRequest {
  page?: number;
  size?: number;
  /** Part of the product's name, any case; '' lists every product. */
  search?: string;
}

function getProducts(
  { page = 1, size = SEARCH_PAGE_SIZE, search = '' }: ProductsPageRequest,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return apiRequest('/products', {
    query: { page, size, ...(search ? { search } : {}) },
    schema: ProductPageSchema,
    defaultError: PRODUCTS_FETCH_ERROR,
    signal,
  });
}

export function getProductsQueryOptions({
  page = 1,
  size = SEARCH_PAGE_SIZE,
  search = '',
}: ProductsPageRequest) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'list', page, size, search] as const,
    queryFn: ({ signal }) => getProducts({ page, size, search }, signal),
    // Paging and searching keep the current rows on screen (dimmed) until the next ones arrive.
    placeholderData: (previous) => previous,
    // The list shows its own error state with a Retry button.
    meta: { errorToast: false },
  });
}

/** One page of the merchant's products, newest first, found by part of their name. */
export function useProducts(request: ProductsPageRequest) {
  return useQuery(getProductsQueryOptions(request));
}
