import { z } from 'zod';
import { CARD_BRANDS, cardDigits, isCardExpired, parseCardExpiry, passesLuhn } from '../checkout/card.ts';
import { FEE_BEARERS, FeeRuleSchema } from '../checkout/fees.ts';
import { CURRENCIES } from '../constants.ts';
import { emailField, requiredNumber, requiredText, TEXT_LIMITS } from './fields.ts';
import { TRANSACTION_STATUSES } from './transaction-kinds.ts';

/**
 * How a payment link takes the payment. CARD: the checkout page sends the card details with the start call (and may
 * be asked for a one-time code). HOSTED: the start call carries no card; its answer sends the customer to the
 * acquirer's own page (`nextAction: "REDIRECT"`, `redirectUrl`), which sends them back to the payment's page.
 */
export const PAYMENT_FLOWS = ['CARD', 'HOSTED'] as const;
export type PaymentFlow = (typeof PAYMENT_FLOWS)[number];

/** What anyone holding a payment link may see: nothing about the merchant beyond its public face. */
export const CheckoutProductSchema = z.object({
  productId: z.uuid(),
  productName: z.string(),
  description: z.string().nullable(),
  amount: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  quantityAvailable: z.number().int().nonnegative(),
  availability: z.enum(['AVAILABLE', 'SOLD_OUT', 'ARCHIVED']),
  merchant: z.object({ businessName: z.string(), checkoutLogUrl: z.string().nullable() }),
  feeBearer: z.enum(FEE_BEARERS),
  feeRule: FeeRuleSchema,
  /** The sandbox card network's test cards; null when a real acquirer takes the payments. */
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })).nullable(),
  paymentFlow: z
    .enum(PAYMENT_FLOWS)
    .default('CARD')
    .describe(
      "CARD: send card details with the start call. HOSTED (PAYMENTS_PROVIDER=paystack): send none; follow the answer's redirectUrl to the acquirer's page.",
    ),
});
export type CheckoutProduct = z.infer<typeof CheckoutProductSchema>;

export const CardDetailsSchema = z.object(
  {
    number: z
      .string({ error: 'Card number is required' })
      .transform(cardDigits)
      .refine((digits) => digits.length > 0, 'Card number is required')
      .refine(passesLuhn, 'Card number is invalid'),
    expiry: z
      .string({ error: 'Expiry date is required' })
      .trim()
      .min(1, 'Expiry date is required')
      .refine((text) => parseCardExpiry(text) !== null, 'Enter the expiry date as MM/YY')
      .refine((text) => {
        const expiry = parseCardExpiry(text);
        return expiry === null || !isCardExpired(expiry);
      }, 'This card has expired')
      // What parseCardExpiry accepts, for the reference: MM/YY (or M/YY, MM/YYYY).
      .meta({ pattern: '^\\s*(0?[1-9]|1[0-2])\\s*/\\s*(\\d{2}|\\d{4})\\s*$', examples: ['09/28'] }),
    cvv: z
      .string({ error: 'CVV is required' })
      .trim()
      .min(1, 'CVV is required')
      .regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
  },
  { error: 'Card details are required' },
);
export type CardDetails = z.input<typeof CardDetailsSchema>;

/** Starting a payment: the server prices it from the product and quantity; any amount sent is ignored. */
export const StartPaymentSchema = z.object({
  quantity: requiredNumber('Quantity')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1'),
  customerName: requiredText('Name', 2, TEXT_LIMITS.customerName),
  customerEmail: emailField,
  card: CardDetailsSchema,
});
export type StartPayment = z.input<typeof StartPaymentSchema>;

/** Starting a payment on a hosted checkout (paymentFlow HOSTED): no card, the acquirer's page takes it. */
export const StartHostedPaymentSchema = StartPaymentSchema.omit({ card: true });
export type StartHostedPayment = z.input<typeof StartHostedPaymentSchema>;

/**
 * The start call's body as the API reads it: `card` is required when the checkout's paymentFlow is CARD and refused
 * when it is HOSTED (the server checks which, since only it knows its acquirer).
 */
export const StartPaymentRequestSchema = StartPaymentSchema.extend({
  card: CardDetailsSchema.optional().describe(
    "Required when the product's paymentFlow is CARD; refused (400 CARD_NOT_ACCEPTED) when it is HOSTED.",
  ),
});

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeyHeaderSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: 'An Idempotency-Key header is required' })
    .regex(/^[\w-]{8,255}$/, 'The Idempotency-Key header must be 8 to 255 letters, digits, - or _'),
});

export const SubmitOtpSchema = z.object({
  otp: z
    .string({ error: 'Enter the code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type SubmitOtp = z.input<typeof SubmitOtpSchema>;

export const PaymentIdParamsSchema = z.object({ paymentId: z.uuid({ error: 'Payment ID is invalid' }) });

/** A payment as its customer sees it: the page's state (OTP step, receipt or failure) comes from here. */
export const CheckoutPaymentSchema = z.object({
  paymentId: z.uuid(),
  reference: z.string(),
  productId: z.uuid(),
  productName: z.string(),
  businessName: z.string(),
  checkoutLogUrl: z.string().nullable(),
  quantity: z.number().int().positive(),
  unitAmount: z.number().int().positive(),
  subtotal: z.number().int().positive(),
  fee: z.number().int().nonnegative(),
  /** What the customer's card is charged. */
  total: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  feeBearer: z.enum(FEE_BEARERS),
  status: z.enum(TRANSACTION_STATUSES),
  /**
   * OTP: the card issuer wants a one-time code before it approves. REDIRECT: the customer pays on the acquirer's
   * page at redirectUrl, which sends them back to this payment's page.
   */
  nextAction: z.enum(['OTP', 'REDIRECT']).nullable(),
  /** Where to send the customer while nextAction is REDIRECT (the hosted checkout's page); null otherwise. */
  redirectUrl: z.url().nullable().default(null),
  /** The sandbox card network's code while it waits for one; null otherwise and with a real acquirer. */
  sandboxOtp: z.string().nullable(),
  failureReason: z.string().nullable(),
  customerName: z.string(),
  /** The card paid with; null on a hosted checkout until the acquirer reports the card (once it is paid). */
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string().length(4) }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CheckoutPayment = z.infer<typeof CheckoutPaymentSchema>;
