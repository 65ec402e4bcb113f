import { products } from '../../db/schema/products.ts';
import { sellerColumns } from '../users/index.ts';

/**
 * For checkout's hot-path statements, which read a product in the same query as its payment or its seller's
 * wallet: the table to join. Stock is taken and products change only through the face's verbs.
 */
export const joinableProducts = products;

/** A product with what checkout needs of its seller: select it from products joined to users (joinableUsers). */
export const productWithSeller = { product: products, merchant: sellerColumns };
