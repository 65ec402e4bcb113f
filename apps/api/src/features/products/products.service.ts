import type {
  ParsedProductInput,
  Product,
  ProductDeletion,
  ProductListQuery,
  ProductPage,
  ProductStatus,
} from '@bizdash/shared';
import { pageOf } from '@bizdash/shared';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  countProducts,
  deleteProductById,
  findOwnedProduct,
  insertProduct,
  listProducts,
  lockOwnedProduct,
  type ProductRow,
  updateOwnedProduct,
} from './products.repository.ts';

const PRODUCT_NOT_FOUND = 'Product not found';
const PRODUCT_ARCHIVED = 'This product is archived and can no longer be changed.';

function productStatus(row: Pick<ProductRow, 'archivedAt' | 'quantityAvailable'>): ProductStatus {
  if (row.archivedAt) return 'ARCHIVED';
  return row.quantityAvailable === 0 ? 'SOLD_OUT' : 'ACTIVE';
}

/**
 * Where a payment link stands for its customers: an archived app's products no longer sell (answered as an
 * archived product is), since the app's wallet is hidden from the merchant's lists and its keys stopped.
 */
export function saleStatus(
  row: Pick<ProductRow, 'archivedAt' | 'quantityAvailable'>,
  seller: { archivedAt: Date | null },
): ProductStatus {
  return seller.archivedAt ? 'ARCHIVED' : productStatus(row);
}

/** A payment link is the payment site's base address, a slash, then the product id (SPEC section 1). */
const paymentLinkFor = (baseUrl: string, productId: string) => `${baseUrl}/${productId}`;

function toProduct(row: ProductRow, hasPayments: boolean, linkBase: string): Product {
  return {
    recordId: row.id,
    productName: row.productName,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    quantityAvailable: row.quantityAvailable,
    status: productStatus(row),
    createdDate: row.createdAt.toISOString(),
    paymentLink: paymentLinkFor(linkBase, row.id),
    hasPayments,
  };
}

export async function list(
  db: Db,
  userId: string,
  query: ProductListQuery,
  linkBase: string,
): Promise<ProductPage> {
  const { page, size } = query;
  const [rows, totalElements] = await Promise.all([
    listProducts(db, userId, query),
    countProducts(db, userId, query.search),
  ]);
  const items = rows.map((row) => toProduct(row.product, row.hasPayments, linkBase));
  return pageOf(items, { page, size }, totalElements);
}

export async function get(db: Db, userId: string, productId: string, linkBase: string): Promise<Product> {
  const row = await findOwnedProduct(db, userId, productId);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row.product, row.hasPayments, linkBase);
}

export async function create(
  db: Db,
  userId: string,
  input: ParsedProductInput,
  linkBase: string,
): Promise<Product> {
  const row = await insertProduct(db, { userId, ...input });
  return toProduct(row, false, linkBase);
}

export async function update(
  db: Db,
  userId: string,
  productId: string,
  input: ParsedProductInput,
  linkBase: string,
): Promise<Product> {
  return db.transaction(async (tx) => {
    const current = await lockOwnedProduct(tx, userId, productId);
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    if (current.product.archivedAt) throw conflict(PRODUCT_ARCHIVED, 'PRODUCT_ARCHIVED');
    const row = await updateOwnedProduct(tx, userId, productId, input);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toProduct(row, current.hasPayments, linkBase);
  });
}

/** A product nobody has tried to pay for goes; one with payments is archived so its history stays intact. */
export async function remove(db: Db, userId: string, productId: string): Promise<ProductDeletion> {
  return db.transaction(async (tx) => {
    const current = await lockOwnedProduct(tx, userId, productId);
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    if (!current.hasPayments) {
      await deleteProductById(tx, productId);
      return { recordId: productId, outcome: 'DELETED' };
    }
    if (!current.product.archivedAt) {
      await updateOwnedProduct(tx, userId, productId, { archivedAt: new Date() });
    }
    return { recordId: productId, outcome: 'ARCHIVED' };
  });
}
