import { CURRENCIES, CURRENCY_INFO, currencyLabel, PRODUCT_LIMITS, type Product } from '@bizdash/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { cn } from '@/lib/cn';
import { useProductForm } from '../use-product-form-modal';

interface ProductFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; null adds a new one. */
  product: Product | null;
  onCreated?: () => void;
}

/** 'Add product' or 'Edit product': the same form, empty or filled with the product. */
export function ProductFormModal({ open, onOpenChange, product, onCreated }: ProductFormModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={product ? 'Edit product' : 'Add product'}
      description={
        product
          ? 'Payments already started keep the price they started with.'
          : 'Customers pay for it through its payment link.'
      }
    >
      <ProductForm product={product} onClose={() => onOpenChange(false)} onCreated={onCreated} />
    </Modal>
  );
}

interface ProductFormProps {
  product: Product | null;
  onClose: () => void;
  onCreated?: () => void;
}

function ProductForm({ product, onClose, onCreated }: ProductFormProps) {
  const { register, errors, currency, onSubmit, pending } = useProductForm({ product, onClose, onCreated });
  const descriptionId = useId();
  const currencyId = useId();

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label={product ? 'Edit product' : 'Add product'}
    >
      <TextField
        label="Product name"
        autoComplete="off"
        maxLength={PRODUCT_LIMITS.nameMax}
        error={errors.productName?.message}
        {...register('productName')}
      />
      <FieldShell
        id={descriptionId}
        label="Description"
        hint="Optional. Customers see it on the payment page."
        error={errors.description?.message}
      >
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={PRODUCT_LIMITS.descriptionMax}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : `${descriptionId}-hint`}
          className={cn(inputClasses(Boolean(errors.description)), 'h-auto resize-y py-2.5')}
          {...register('description')}
        />
      </FieldShell>
      <div className="grid grid-cols-2 gap-4 sm:gap-5">
        <TextField
          label="Price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="2,500.00"
          hint={`In ${CURRENCY_INFO[currency].name.toLowerCase()}, for one item.`}
          error={errors.price?.message}
          {...register('price')}
        />
        <FieldShell id={currencyId} label="Currency" error={errors.currency?.message}>
          <select
            id={currencyId}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={errors.currency ? `${currencyId}-error` : undefined}
            className={inputClasses(Boolean(errors.currency))}
            {...register('currency')}
          >
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {currencyLabel(code)}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      <TextField
        label="Quantity available"
        type="number"
        inputMode="numeric"
        min={0}
        max={PRODUCT_LIMITS.quantityMax}
        step={1}
        hint="Customers cannot buy more than this; at 0 the product is sold out."
        error={errors.quantityAvailable?.message}
        {...register('quantityAvailable')}
      />
      <div className="mt-1 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {product ? 'Save changes' : 'Create product'}
        </Button>
      </div>
    </form>
  );
}
