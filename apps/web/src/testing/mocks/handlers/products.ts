import {
  type ParsedProductInput,
  ProductDeletionSchema,
  ProductIdParamsSchema,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductSchema,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { buildProduct, buildProductPage } from '../../factories';
import { db } from '../db';
import {
  apiError,
  contractJson,
  jsonBody,
  notFound,
  pageWindow,
  parseOr400,
  queryOf,
  requireSession,
} from '../utils';

const PRODUCT_NOT_FOUND = 'Product not found';

const stockStatus = (input: ParsedProductInput) => (input.quantityAvailable > 0 ? 'ACTIVE' : 'SOLD_OUT');

function findProduct(request: Request, params: Record<string, unknown>) {
  requireSession(request);
  const { productId } = parseOr400(ProductIdParamsSchema, params);
  const index = db.products.findIndex((product) => product.recordId === productId);
  if (index < 0) throw notFound(PRODUCT_NOT_FOUND);
  return { index, product: db.products[index] as (typeof db.products)[number] };
}

export const productsHandlers = [
  http.get('/api/products', ({ request }) => {
    requireSession(request);
    const query = parseOr400(ProductListQuerySchema, queryOf(request));
    const search = query.search?.toLowerCase();
    const newestFirst = db.products
      .filter((product) => !search || product.productName.toLowerCase().includes(search))
      .sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
    return HttpResponse.json(buildProductPage(...pageWindow(newestFirst, query)));
  }),

  http.post('/api/products', async ({ request }) => {
    requireSession(request);
    const input = parseOr400(ProductInputSchema, await jsonBody(request));
    const product = buildProduct({
      ...input,
      status: stockStatus(input),
      createdDate: new Date().toISOString(),
    });
    db.products.push(product);
    return contractJson(ProductSchema, product, 201);
  }),

  http.put('/api/products/:productId', async ({ request, params }) => {
    const { index, product } = findProduct(request, params);
    const input = parseOr400(ProductInputSchema, await jsonBody(request));
    if (product.status === 'ARCHIVED') {
      return apiError(409, 'This product is archived and can no longer be changed.', 'PRODUCT_ARCHIVED');
    }
    const updated = ProductSchema.parse({ ...product, ...input, status: stockStatus(input) });
    db.products[index] = updated;
    return contractJson(ProductSchema, updated);
  }),

  // A product nobody has paid for goes; one with payments is archived so its history stays.
  http.delete('/api/products/:productId', ({ request, params }) => {
    const { index, product } = findProduct(request, params);
    if (product.hasPayments) {
      db.products[index] = ProductSchema.parse({ ...product, status: 'ARCHIVED' });
      return contractJson(ProductDeletionSchema, { recordId: product.recordId, outcome: 'ARCHIVED' });
    }
    db.products.splice(index, 1);
    return contractJson(ProductDeletionSchema, { recordId: product.recordId, outcome: 'DELETED' });
  }),
];
