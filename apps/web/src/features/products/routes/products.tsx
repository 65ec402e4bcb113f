import { type Product, SEARCH_PAGE_SIZE } from '@bizdash/shared';
import { useState } from 'react';
import { ListSearchField } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { useProducts } from '../api/get-products';
import { AddProductButton } from '../components/add-product-button';
import { DeleteProductDialog } from '../components/delete-product-dialog';
import { ProductFormModal } from '../components/product-form-modal';
import { ProductList } from '../components/product-list';
import { useProductParams } from '../use-product-params';

interface FormState {
  open: boolean;
  /** null adds a new product. */
  product: Product | null;
}

/** /products: the merchant's payment links, found by part of their name (?search=), added, changed and deleted. */
export function Component() {
  const { search, page, setSearch, setPage } = useProductParams();
  const [form, setForm] = useState<FormState>({ open: false, product: null });
  const [deleting, setDeleting] = useState<Product | null>(null);
  const searched = search.trim();
  // The empty state carries its own 'Add product' button; one on the page is enough. A search that finds
  // nothing keeps the header's.
  const total = useProducts({ page, size: SEARCH_PAGE_SIZE, search: searched }).data?.totalElements;
  const empty = !searched && total === 0;
  const openAdd = () => setForm({ open: true, product: null });

  return (
    <>
      <PageHeader
        title="Products"
        description="Sell through payment links: each product has a link you can copy and share with customers."
        actions={empty ? null : <AddProductButton onClick={openAdd} />}
      />
      <div className="mb-4">
        <ListSearchField
          landmark="Search products"
          placeholder="Product name"
          search={search}
          onSearch={setSearch}
        />
      </div>
      <ProductList
        page={page}
        search={search}
        onPageChange={setPage}
        onClearSearch={() => setSearch('')}
        onAdd={openAdd}
        onEdit={(product) => setForm({ open: true, product })}
        onDelete={setDeleting}
      />
      <ProductFormModal
        open={form.open}
        product={form.product}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        // The new product is the newest: the first page of the whole list shows it.
        onCreated={() => setSearch('')}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
