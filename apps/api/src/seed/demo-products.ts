import type { Db } from '../db/client.ts';
import { insertProduct } from '../features/products/index.ts';

/** A small catalogue for the demo merchant, so the Products page and checkout have something to show. */
const DEMO_PRODUCTS = [
  {
    productName: 'Adire silk scarf',
    description: 'Hand-dyed adire on pure silk, 90 × 90 cm. Each piece is one of a kind.',
    amount: 18_500_00,
    currency: 'NGN',
    quantityAvailable: 24,
  },
  {
    productName: 'Ankara tote bag',
    description: 'Roomy cotton tote lined with Ankara print; inner zip pocket.',
    amount: 7_500_00,
    currency: 'NGN',
    quantityAvailable: 60,
  },
  {
    productName: 'Aso-oke gele (ready to tie)',
    description: null,
    amount: 32_000_00,
    currency: 'NGN',
    quantityAvailable: 0,
  },
  {
    productName: 'Indigo table runner',
    description: 'Shipped worldwide from Lagos; 35 × 180 cm.',
    amount: 45_00,
    currency: 'USD',
    quantityAvailable: 15,
  },
] as const;

/** Returns the ids of the products, in the catalogue's order; `listedAt`: when the merchant listed them. */
export async function seedDemoProducts(db: Db, userId: string, listedAt: Date) {
  const ids: string[] = [];
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    // A minute apart, in the catalogue's order, so the newest-first list is stable.
    const createdAt = new Date(listedAt.getTime() + index * 60_000);
    ids.push((await insertProduct(db, { userId, ...product, createdAt, updatedAt: createdAt })).id);
  }
  return ids;
}
