import type { ParsedProductInput, Product, ProductInput } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateProduct } from './api/create-product';
import { useUpdateProduct } from './api/update-product';
import {
  formFieldOf,
  PRODUCT_INPUT_FIELDS,
  ProductFormSchema,
  productFormDefaults,
} from './product-form-schema';

interface ProductFormOptions {
  /** The product to edit; null adds a new one. */
  product: Product | null;
  onClose: () => void;
  onCreated?: () => void;
}

/**
 * The product form's state: the fields (empty, or the product's), the currency the price is typed in, and the
 * saving, which creates or updates; the server's field errors land under the field the merchant typed into.
 */
export function useProductForm({ product, onClose, onCreated }: ProductFormOptions) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: productFormDefaults(product),
    mode: 'onTouched',
  });
  const onSaved = () => {
    if (!product) onCreated?.();
    onClose();
  };
  const showServerErrors = (error: Error) =>
    applyServerFieldErrors<ProductInput>(
      error,
      (field, fieldError) => setError(formFieldOf(field as keyof ProductInput), fieldError),
      PRODUCT_INPUT_FIELDS,
    );
  const create = useCreateProduct({ onSuccess: onSaved, onError: showServerErrors });
  const update = useUpdateProduct({ onSuccess: onSaved, onError: showServerErrors });

  const save = (input: ParsedProductInput) =>
    product ? update.mutate({ productId: product.recordId, input }) : create.mutate(input);

  return {
    register,
    errors,
    currency: useWatch({ control, name: 'currency' }),
    onSubmit: handleSubmit(save),
    pending: create.isPending || update.isPending,
  };
}
