import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/testing/factories';
import { renderWithQueryClient } from '@/testing/render';
import { ProductCards } from './product-cards';

describe('ProductCards', () => {
  it('shows what is left to sell, and nothing to sell for an archived product', () => {
    const selling = buildProduct({ productName: 'Adire scarf', quantityAvailable: 1_250 });
    const archived = buildProduct({ productName: 'Old tote', quantityAvailable: 2, status: 'ARCHIVED' });
    renderWithQueryClient(
      <ProductCards products={[selling, archived]} caption="Products" onEdit={vi.fn()} onDelete={vi.fn()} />,
    );
    const [sellingCard, archivedCard] = screen.getAllByRole('listitem');
    expect(sellingCard).toHaveTextContent('Sun, 22 Nov 2026 · 1,250 available');
    expect(archivedCard).not.toHaveTextContent('available');
    expect(within(archivedCard as HTMLElement).getByText('Archived')).toBeInTheDocument();
  });
});
