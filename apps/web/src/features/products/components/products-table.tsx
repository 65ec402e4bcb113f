import { formatMoney, formatProductDate, type Product, TRUNCATE_LIMITS, truncate } from '@bizdash/shared';
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

const COLUMNS = ['Date', 'Product', 'Quantity', 'Price', 'Status', 'Actions'];
const cell = 'px-3 py-3 align-middle first:pl-4 last:pr-4';

/** Wide screens: one row per product, newest first. */
export function ProductsTable({ products, caption, stale = false, onEdit, onDelete }: ProductRowsProps) {
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full text-sm transition-opacity', stale && 'opacity-60')}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-600">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-3 py-2.5 font-medium whitespace-nowrap first:pl-4 last:pr-4',
                  column === 'Quantity' || column === 'Price' ? 'text-right' : 'text-left',
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.map((product) => (
            <tr key={product.recordId} data-testid="product-row" data-product-id={product.recordId}>
              <td className={cn(cell, 'whitespace-nowrap text-slate-700 tabular-nums')}>
                {formatProductDate(product.createdDate)}
              </td>
              <td className={cn(cell, 'font-medium whitespace-nowrap text-slate-900')}>
                <span title={product.productName}>
                  {truncate(product.productName, TRUNCATE_LIMITS.productName)}
                </span>
              </td>
              <td className={cn(cell, 'text-right text-slate-700 tabular-nums')}>
                {product.quantityAvailable.toLocaleString('en')}
              </td>
              <td
                className={cn(cell, 'text-right font-medium whitespace-nowrap text-slate-900 tabular-nums')}
                data-testid="product-price"
              >
                {formatMoney(product.amount, product.currency)}
              </td>
              <td className={cell}>
                <ProductStatusBadge status={product.status} />
              </td>
              <td className={cn(cell, 'py-1.5')}>
                <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
