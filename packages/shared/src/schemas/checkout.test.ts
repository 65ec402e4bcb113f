import { describe, expect, it } from 'vitest';
import {
  CardDetailsSchema,
  IdempotencyKeyHeaderSchema,
  StartPaymentSchema,
  SubmitOtpSchema,
} from './checkout.ts';

const card = { number: '4242 4242 4242 4242', expiry: '12/99', cvv: '123' };
const start = { quantity: 2, customerName: ' Chioma Eze ', customerEmail: 'Chioma@Example.com', card };

const messagesFor = (
  schema: { safeParse(input: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('StartPaymentSchema', () => {
  it('strips any amount, fee or total the client sends: the server prices the payment', () => {
    const parsed = StartPaymentSchema.parse({ ...start, amount: 1, fee: 0, total: 1, unitAmount: 1 });
    expect(parsed).toEqual({
      quantity: 2,
      customerName: 'Chioma Eze',
      customerEmail: 'chioma@example.com',
      card: { number: '4242424242424242', expiry: '12/99', cvv: '123' },
    });
  });

  it('asks for a whole quantity of at least one, a name and an email', () => {
    expect(messagesFor(StartPaymentSchema, { ...start, quantity: 0 })).toEqual([
      'quantity: Quantity must be at least 1',
    ]);
    expect(messagesFor(StartPaymentSchema, { ...start, quantity: 1.5 })).toEqual([
      'quantity: Quantity must be a whole number',
    ]);
    expect(messagesFor(StartPaymentSchema, { ...start, quantity: undefined, customerEmail: 'nope' })).toEqual(
      ['quantity: Quantity is required', 'customerEmail: Email is invalid'],
    );
    expect(messagesFor(StartPaymentSchema, { ...start, customerName: 'A' })).toEqual([
      'customerName: Must be at least 2 characters long',
    ]);
    expect(messagesFor(StartPaymentSchema, { ...start, card: undefined })).toEqual([
      'card: Card details are required',
    ]);
  });
});

describe('CardDetailsSchema', () => {
  it('keeps only the digits of the card number', () => {
    expect(CardDetailsSchema.parse({ ...card, number: '4242-4242-4242-4242' }).number).toBe(
      '4242424242424242',
    );
  });

  it('says what is missing when nothing is filled in', () => {
    expect(messagesFor(CardDetailsSchema, { number: '', expiry: '', cvv: '' })).toEqual([
      'number: Card number is required',
      'number: Card number is invalid',
      'expiry: Expiry date is required',
      'expiry: Enter the expiry date as MM/YY',
      'cvv: CVV is required',
      'cvv: CVV must be 3 or 4 digits',
    ]);
    expect(messagesFor(CardDetailsSchema, {})).toEqual([
      'number: Card number is required',
      'expiry: Expiry date is required',
      'cvv: CVV is required',
    ]);
  });

  it('refuses a number failing the check digit, a date that is not MM/YY and a short CVV', () => {
    expect(
      messagesFor(CardDetailsSchema, { number: '4242 4242 4242 4241', expiry: '13/30', cvv: '12' }),
    ).toEqual([
      'number: Card number is invalid',
      'expiry: Enter the expiry date as MM/YY',
      'cvv: CVV must be 3 or 4 digits',
    ]);
  });

  it('refuses a card whose expiry month is over, and accepts a 4-digit CVV', () => {
    expect(messagesFor(CardDetailsSchema, { ...card, expiry: '01/20', cvv: '1234' })).toEqual([
      'expiry: This card has expired',
    ]);
  });
});

describe('IdempotencyKeyHeaderSchema', () => {
  it('wants 8 to 255 letters, digits, - or _', () => {
    const message = 'idempotency-key: The Idempotency-Key header must be 8 to 255 letters, digits, - or _';
    expect(messagesFor(IdempotencyKeyHeaderSchema, { 'idempotency-key': 'a1b2c3d4' })).toEqual([]);
    expect(messagesFor(IdempotencyKeyHeaderSchema, { 'idempotency-key': 'k'.repeat(255) })).toEqual([]);
    expect(messagesFor(IdempotencyKeyHeaderSchema, { 'idempotency-key': 'short' })).toEqual([message]);
    expect(messagesFor(IdempotencyKeyHeaderSchema, { 'idempotency-key': 'k'.repeat(256) })).toEqual([
      message,
    ]);
    expect(messagesFor(IdempotencyKeyHeaderSchema, { 'idempotency-key': 'has spaces in it' })).toEqual([
      message,
    ]);
    expect(messagesFor(IdempotencyKeyHeaderSchema, {})).toEqual([
      'idempotency-key: An Idempotency-Key header is required',
    ]);
  });
});

describe('SubmitOtpSchema', () => {
  it('wants exactly six digits', () => {
    expect(SubmitOtpSchema.parse({ otp: ' 123456 ' })).toEqual({ otp: '123456' });
    expect(messagesFor(SubmitOtpSchema, { otp: '12345' })).toEqual(['otp: Enter the 6-digit code']);
    expect(messagesFor(SubmitOtpSchema, {})).toEqual(['otp: Enter the code']);
  });
});
