import { formatMoney, formatProductDate, TRUNCATE_LIMITS, truncate } from '@bizdash/shared';
import { cn } from '@/lib/cn';
import { ProductActions } from './product-actions';
import { ProductStatusBadge } from './product-status-badge';
import type { ProductRowsProps } from './products-table';

/** Narrow screens: each product is a card with its actions underneath, so nothing scrolls sideways. */
export function ProductCards({ products, caption, stale = false, onEdit, onDelete }: ProductRowsProps) {
  return (
    <ul
      aria-label={caption}
      className={cn('divide-y divide-slate-100 transition-opacity', stale && 'opacity-60')}
    >
      {products.map((product) => (
        <li
          key={product.recordId}
          data-testid="product-row"
          data-product-id={product.recordId}
          className="flex flex-col gap-1.5 px-4 pt-3.5 pb-2"
        >
          <span className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate font-medium text-slate-900" title={product.productName}>
              {truncate(product.productName, TRUNCATE_LIMITS.productName)}
            </span>
            <span
              className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums"
              data-testid="product-price"
            >
              {formatMoney(product.amount, product.currency)}
            </span>
          </span>
          <span className="flex items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
            <span>
              {formatProductDate(product.createdDate)}
              {/* An archived product sells nothing, whatever stock it was left with. */}
              {product.status === 'ARCHIVED'
                ? null
                : ` · ${product.quantityAvailable.toLocaleString('en')} available`}
            </span>
            <ProductStatusBadge status={product.status} />
          </span>
          <div className="-ml-2">
            <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}
