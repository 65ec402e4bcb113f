/**
 * What other features may use of products: the checkout's view of a product and its stock (taken by a sale, put
 * back by a restocking refund); the seed's insert.
 */
export { joinableProducts, productWithSeller } from './products.joins.ts';
export { findProductForCheckout, insertProduct, returnStock, takeStock } from './products.repository.ts';
export { saleStatus } from './products.service.ts';
