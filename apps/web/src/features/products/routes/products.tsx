import { type Product, SEARCH_PAGE_SIZE } from '@bizdash/shared';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { usePageParam } from '@/lib/use-page-param';
import { useProducts } from '../api/get-products';
import { AddProductButton } from '../components/add-product-button';
import { DeleteProductDialog } from '../components/delete-product-dialog';
import { ProductFormModal } from '../components/product-form-modal';
import { ProductList } from '../components/product-list';

interface FormState {
  open: boolean;
  /** null adds a new product. */
  product: Product | null;
}

export function Component() {
  const [page, setPage] = usePageParam();
  const [form, setForm] = useState<FormState>({ open: false, product: null });
  const [deleting, setDeleting] = useState<Product | null>(null);
  // The empty state carries its own 'Add product' button; one on the page is enough.
  const empty = useProducts({ page, size: SEARCH_PAGE_SIZE }).data?.totalElements === 0;
  const openAdd = () => setForm({ open: true, product: null });

  return (
    <>
      <PageHeader
        title="Products"
        description="Sell through payment links: each product has a link you can copy and share with customers."
        actions={empty ? null : <AddProductButton onClick={openAdd} />}
      />
      <ProductList
        page={page}
        onPageChange={setPage}
        onAdd={openAdd}
        onEdit={(product) => setForm({ open: true, product })}
        onDelete={setDeleting}
      />
      <ProductFormModal
        open={form.open}
        product={form.product}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        onCreated={() => setPage(1)}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
