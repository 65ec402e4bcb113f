import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { products } from '../../db/schema/products.ts';
import { containsPattern } from '../../lib/contains-pattern.ts';
import { joinableUsers } from '../users/index.ts';
import { productWithSeller } from './products.joins.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

// Spelled out in full: drizzle leaves a lone table's columns unqualified, and inside this subquery a bare "id"
// would name the payment's id, not the product's.
const hasPayments = sql<boolean>`exists (select 1 from checkout_payments where checkout_payments.product_id = "products"."id")`;

const owned = (userId: string, productId: string) =>
  and(eq(products.id, productId), eq(products.userId, userId));

/** The user's products whose name contains `search` (any case), or all of them. */
const listed = (userId: string, search: string | undefined) =>
  and(eq(products.userId, userId), search ? ilike(products.productName, containsPattern(search)) : undefined);

export async function listProducts(
  db: DbOrTx,
  userId: string,
  { page, size, search }: { page: number; size: number; search?: string },
) {
  return db
    .select({ product: products, hasPayments })
    .from(products)
    .where(listed(userId, search))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(size)
    .offset((page - 1) * size);
}

export async function countProducts(db: DbOrTx, userId: string, search?: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(listed(userId, search));
  return row?.total ?? 0;
}

export async function findOwnedProduct(db: DbOrTx, userId: string, productId: string) {
  const [row] = await db
    .select({ product: products, hasPayments })
    .from(products)
    .where(owned(userId, productId));
  return row ?? null;
}

export async function insertProduct(db: DbOrTx, values: NewProductRow) {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function updateOwnedProduct(
  db: DbOrTx,
  userId: string,
  productId: string,
  values: Partial<NewProductRow>,
) {
  const [row] = await db.update(products).set(values).where(owned(userId, productId)).returning();
  return row ?? null;
}

/** Locks the product against checkouts starting (they take KEY SHARE) while it is deleted or archived. */
export async function lockOwnedProduct(tx: Tx, userId: string, productId: string) {
  const [row] = await tx
    .select({ product: products, hasPayments })
    .from(products)
    .where(owned(userId, productId))
    .for('update');
  return row ?? null;
}

export async function deleteProductById(tx: Tx, productId: string) {
  await tx.delete(products).where(eq(products.id, productId));
}

/** The public face of a product and its seller: what a payment link shows. */
export async function findProductForCheckout(db: DbOrTx, productId: string, lock?: 'key share') {
  const query = db
    .select(productWithSeller)
    .from(products)
    .innerJoin(joinableUsers, eq(joinableUsers.id, products.userId))
    .where(eq(products.id, productId));
  const [row] = lock ? await query.for(lock, { of: products }) : await query;
  return row ?? null;
}

/** Takes stock for a sale, or nothing when there is not enough left; the row lock orders racing sales. */
const takeStockQuery = preparedQuery('products_take_stock', ['productId', 'quantity'], (db, p) =>
  db
    .update(products)
    .set({ quantityAvailable: sql`${products.quantityAvailable} - ${p.quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, p.productId), sql`${products.quantityAvailable} >= ${p.quantity}`))
    .returning({ quantityAvailable: products.quantityAvailable }),
);

export async function takeStock(tx: Tx, productId: string, quantity: number) {
  const [row] = await takeStockQuery(tx, { productId, quantity });
  return row ?? null;
}

/** Puts a refunded sale's quantity back on the product (a restocking refund, ADR 049). */
export async function returnStock(tx: Tx, productId: string, quantity: number) {
  await tx
    .update(products)
    .set({ quantityAvailable: sql`${products.quantityAvailable} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}
