import {
  CURRENCIES,
  type Currency,
  currencySymbol,
  formatMajorUnitsPlain,
  PRODUCT_LIMITS,
  type Product,
  type ProductInput,
  ProductInputSchema,
  parseMajorUnits,
  toMajorUnits,
} from '@bizdash/shared';
import { z } from 'zod';

/** What the merchant types: the price in major units (naira, dollars), the quantity as the input's text. */
export interface ProductFormValues {
  productName: string;
  description: string;
  price: string;
  currency: Currency;
  quantityAvailable: string;
}

const PRICE_FORMAT_MESSAGE = 'Enter a price like 2500 or 2500.50';

/** Where each field of the API's input is typed in the form. */
const FORM_FIELD_OF = {
  productName: 'productName',
  description: 'description',
  amount: 'price',
  currency: 'currency',
  quantityAvailable: 'quantityAvailable',
} as const satisfies Record<keyof ProductInput, keyof ProductFormValues>;

export const PRODUCT_INPUT_FIELDS = Object.keys(FORM_FIELD_OF) as (keyof ProductInput)[];

export function formFieldOf(apiField: keyof ProductInput): keyof ProductFormValues {
  return FORM_FIELD_OF[apiField];
}

/**
 * A number past its limit becomes the limit plus one, so the shared schema says "at most ..." in its own words.
 * Typed, it can be too large for a number to hold exactly (or at all), and then the schema would call it not a
 * whole number, or the price unreadable, instead of too large.
 */
const pastLimit = (value: number, max: number) => (value > max ? max + 1 : value);

/** The price in minor units; null when it is not written as a price; undefined when empty. */
function readPrice(text: string, currency: Currency): number | null | undefined {
  if (!text) return undefined;
  const max = PRODUCT_LIMITS.maxAmount[currency];
  const exact = parseMajorUnits(text, currency);
  if (exact !== null) return exact;
  // Digits too many for parseMajorUnits to hold exactly still make a price: one far above the limit.
  const digits = text.replace(currencySymbol(currency), '').replaceAll(',', '').trim();
  return /^\d+(\.\d+)?$/.test(digits) && Number(digits) > toMajorUnits(max, currency) ? max + 1 : null;
}

/**
 * The form's values become a ProductInput and are checked by ProductInputSchema itself, so the form and the
 * API share every rule; its messages land under the field the merchant typed into. Only the price format is
 * the form's own rule.
 */
export const ProductFormSchema = z
  .object({
    productName: z.string(),
    description: z.string(),
    price: z.string(),
    currency: z.enum(CURRENCIES),
    quantityAvailable: z.string(),
  })
  .transform((values, context) => {
    const amount = readPrice(values.price.trim(), values.currency);
    const quantityText = values.quantityAvailable.trim();
    const result = ProductInputSchema.safeParse({
      productName: values.productName,
      description: values.description,
      amount: amount ?? undefined,
      currency: values.currency,
      quantityAvailable: quantityText
        ? pastLimit(Number(quantityText), PRODUCT_LIMITS.quantityMax)
        : undefined,
    });
    const unreadablePrice = amount === null;
    if (unreadablePrice) context.addIssue({ code: 'custom', path: ['price'], message: PRICE_FORMAT_MESSAGE });
    if (result.success && !unreadablePrice) return result.data;
    for (const issue of result.error?.issues ?? []) {
      const field = formFieldOf(issue.path[0] as keyof ProductInput);
      if (field === 'price' && unreadablePrice) continue;
      context.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return z.NEVER;
  });

export function productFormDefaults(product: Product | null): ProductFormValues {
  if (!product) {
    return { productName: '', description: '', price: '', currency: 'NGN', quantityAvailable: '' };
  }
  return {
    productName: product.productName,
    description: product.description ?? '',
    price: formatMajorUnitsPlain(product.amount, product.currency),
    currency: product.currency,
    quantityAvailable: String(product.quantityAvailable),
  };
}
