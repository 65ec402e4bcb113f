import { SEARCH_PAGE_SIZE } from '@bizdash/shared';
import { Link2 } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { NoMatchesState } from '@/components/ui/list-filters';
import { ListFrame } from '@/components/ui/list-frame';
import { ListPagination } from '@/components/ui/pagination';
import { PastLastPage } from '@/components/ui/past-last-page';
import { Spinner } from '@/components/ui/spinner';
import { useFitsWidth } from '@/lib/use-fits-width';
import { useProducts } from '../api/get-products';
import { AddProductButton } from './add-product-button';
import type { ProductRowHandlers } from './product-actions';
import { ProductCards } from './product-cards';
import { ProductsTable } from './products-table';

/**
 * Below this width each product becomes a card. Date, quantity, price, status and actions take about 620 px;
 * the rest leaves a product's name room to be read.
 */
const TABLE_MIN_WIDTH = 800;
const CAPTION = 'Products';

interface ProductListProps extends ProductRowHandlers {
  page: number;
  /** Part of a product's name; '' lists them all. */
  search?: string;
  onPageChange: (page: number) => void;
  onClearSearch?: () => void;
  onAdd: () => void;
}

/**
 * The merchant's products: loading, error, empty (inviting the first product, or none matching the search), rows
 * and paging.
 */
export function ProductList({
  page,
  search = '',
  onPageChange,
  onClearSearch,
  onAdd,
  onEdit,
  onDelete,
}: ProductListProps) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const searched = search.trim();
  const query = useProducts({ page, size: SEARCH_PAGE_SIZE, search: searched });
  const { data } = query;

  if (!data) {
    if (query.isError) {
      return <QueryErrorState query={query} />;
    }
    return (
      <ListFrame busy ref={ref}>
        <div className="flex min-h-48 items-center justify-center text-brand-900">
          <Spinner className="size-8" label="Loading products" />
        </div>
      </ListFrame>
    );
  }

  if (data.items.length === 0) {
    if (page > 1 && data.totalElements > 0) {
      return (
        <PastLastPage
          subject="Your products"
          totalPages={data.totalPages}
          onFirstPage={() => onPageChange(1)}
        />
      );
    }
    if (searched) {
      return (
        <NoMatchesState
          title="No products match"
          description={`No product's name contains "${searched}".`}
          clearLabel="Clear search"
          onClearFilters={() => onClearSearch?.()}
        />
      );
    }
    return (
      <EmptyState
        icon={Link2}
        title="No products yet"
        description="Add your first product to get a payment link you can share with customers. Payments through it land in your wallet."
        action={<AddProductButton onClick={onAdd} />}
      />
    );
  }

  const stale = query.isPlaceholderData;
  const rows = { products: data.items, caption: CAPTION, stale, onEdit, onDelete };
  return (
    <ListFrame busy={stale} ref={ref}>
      {wide ? <ProductsTable {...rows} /> : <ProductCards {...rows} />}
      <ListPagination page={data} onPageChange={onPageChange} noun="products" busy={stale} />
    </ListFrame>
  );
}
