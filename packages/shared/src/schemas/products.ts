import { z } from 'zod';
import { CURRENCIES, type Currency } from '../constants.ts';
import { formatMoney } from '../format/money.ts';
import {
  amountBoundsByCurrency,
  optionalMultilineText,
  refuseControlCharacters,
  requiredNumber,
} from './fields.ts';
import { PageQuerySchema, pageSchemaOf, SearchTextSchema } from './paging.ts';

/** ACTIVE sells; SOLD_OUT is an active product with nothing left; ARCHIVED was deleted after it had payments. */
export const PRODUCT_STATUSES = ['ACTIVE', 'SOLD_OUT', 'ARCHIVED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_LIMITS = {
  nameMin: 2,
  nameMax: 120,
  descriptionMax: 1000,
  quantityMax: 100_000,
  /** Card schemes and providers refuse tiny charges; these keep the fee from eating the sale. */
  minAmount: { NGN: 100_00, USD: 1_00 } satisfies Record<Currency, number>,
  maxAmount: { NGN: 100_000_000_00, USD: 1_000_000_00 } satisfies Record<Currency, number>,
} as const;

/** The Product entity of SPEC section 3 plus a description and the link customers pay through. */
export const ProductSchema = z.object({
  recordId: z.uuid(),
  productName: z.string(),
  description: z.string().nullable(),
  amount: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  quantityAvailable: z.number().int().nonnegative(),
  status: z.enum(PRODUCT_STATUSES),
  createdDate: z.iso.datetime({ offset: true }),
  paymentLink: z.string(),
  /** Payment attempts so far: a product with any is archived, not deleted, so its history stays. */
  hasPayments: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;

const quantityField = requiredNumber('Quantity')
  .int('Quantity must be a whole number')
  .min(0, 'Quantity cannot be negative')
  .max(PRODUCT_LIMITS.quantityMax, `Quantity is at most ${PRODUCT_LIMITS.quantityMax.toLocaleString('en')}`);

const productAmountBounds = amountBoundsByCurrency(
  PRODUCT_LIMITS,
  CURRENCIES.map((currency) => ({ when: { currency }, currency })),
);

/** What a merchant sends to create or change a product; the price is integer minor units of the currency. */
export const ProductInputSchema = z
  .object({
    productName: refuseControlCharacters(
      z
        .string({ error: 'Product name is required' })
        .trim()
        .min(1, 'Product name is required')
        .min(PRODUCT_LIMITS.nameMin, `Must be at least ${PRODUCT_LIMITS.nameMin} characters long`)
        .max(PRODUCT_LIMITS.nameMax, `Product name is at most ${PRODUCT_LIMITS.nameMax} characters`),
      'Product name',
    ),
    description: optionalMultilineText('Description', PRODUCT_LIMITS.descriptionMax),
    amount: z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'Price is required' : 'Price must be a whole number of kobo or cents',
      })
      .int('Price must be a whole number of kobo or cents')
      .meta(productAmountBounds.field),
    currency: z.enum(CURRENCIES, { error: 'Currency must be NGN or USD' }),
    quantityAvailable: quantityField,
  })
  .superRefine((input, context) => {
    const min = PRODUCT_LIMITS.minAmount[input.currency];
    const max = PRODUCT_LIMITS.maxAmount[input.currency];
    if (input.amount < min) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `Price must be at least ${formatMoney(min, input.currency)}`,
      });
    } else if (input.amount > max) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `Price must be at most ${formatMoney(max, input.currency)}`,
      });
    }
  })
  .meta(productAmountBounds.object);
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ParsedProductInput = z.output<typeof ProductInputSchema>;

export const ProductIdParamsSchema = z.object({ productId: z.uuid({ error: 'Product ID is invalid' }) });

export const ProductPageSchema = pageSchemaOf(ProductSchema);

export const ProductListQuerySchema = PageQuerySchema.extend({
  /** Part of the product's name, any case. */
  search: SearchTextSchema.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** Deleting a product with payments archives it instead, so its transactions keep their history. */
export const ProductDeletionSchema = z.object({
  recordId: z.uuid(),
  outcome: z.enum(['DELETED', 'ARCHIVED']),
});
export type ProductDeletion = z.infer<typeof ProductDeletionSchema>;
