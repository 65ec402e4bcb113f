import { formatMoney, formatProductDate, type Product, TRUNCATE_LIMITS, truncate } from '@bizdash/shared';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { ProductActions, type ProductRowHandlers } from './product-actions';
import { ProductStatusBadge } from './product-status-badge';

export interface ProductRowsProps extends ProductRowHandlers {
  products: Product[];
  /** Names the table for assistive technology. */
  caption: string;
  /** A newer page is on its way: the current rows stay, dimmed. */
  stale?: boolean;
}

const COLUMNS = ['Date', 'Product', 'Quantity', 'Price', 'Status', 'Actions'] as const;
const cell = cn(tableCellClasses, 'align-middle');

/**
 * The table fits its card instead of scrolling sideways: every column but Product is as wide as its content
 * (Actions no wider than its buttons), and Product takes the rest, cutting a long name short with an ellipsis.
 */
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Date: 'whitespace-nowrap text-left',
  Product: 'w-full max-w-0 text-left',
  Quantity: 'whitespace-nowrap text-right',
  Price: 'whitespace-nowrap text-right',
  Status: 'whitespace-nowrap text-left',
  Actions: 'w-px whitespace-nowrap text-left',
};

/** Wide screens: one row per product, newest first. */
export function ProductsTable({ products, caption, stale = false, onEdit, onDelete }: ProductRowsProps) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      columnClasses={COLUMN_CLASSES}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      {products.map((product) => (
        <tr key={product.recordId} data-testid="product-row" data-product-id={product.recordId}>
          <td className={cn(cell, COLUMN_CLASSES.Date, 'text-slate-700 tabular-nums')}>
            {formatProductDate(product.createdDate)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Product, 'font-medium text-slate-900')}>
            <span className="block truncate" title={product.productName}>
              {truncate(product.productName, TRUNCATE_LIMITS.productName)}
            </span>
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Quantity, 'text-slate-700 tabular-nums')}>
            {product.quantityAvailable.toLocaleString('en')}
          </td>
          <td
            className={cn(cell, COLUMN_CLASSES.Price, 'font-medium text-slate-900 tabular-nums')}
            data-testid="product-price"
          >
            {formatMoney(product.amount, product.currency)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Status)}>
            <ProductStatusBadge status={product.status} />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Actions, 'py-1.5')}>
            <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
