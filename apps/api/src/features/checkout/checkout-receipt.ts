import { type CardBrand, cardSummary, formatDate, formatMoney } from '@bizdash/shared';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import type { PaymentRow } from './checkout.repository.ts';

/** Server time zones vary; a receipt states its time in UTC. */
const utcTime = (date: Date) =>
  formatDate(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), "dd MMM yyyy, HH:mm 'UTC'");

/** The email a customer gets once the payment is booked, like the receipt page. */
export function receiptEmail(
  payment: PaymentRow,
  order: { productName: string; businessName: string; paidAt: Date },
): EmailMessage {
  const amount = formatMoney(payment.customerTotal, payment.currency);
  return {
    to: payment.customerEmail,
    subject: `Your receipt from ${order.businessName}: ${amount}`,
    text: [
      `Hi ${payment.customerName},`,
      '',
      `Thank you for your payment to ${order.businessName}.`,
      '',
      `Amount paid: ${amount}`,
      `For: ${order.productName} × ${payment.quantity.toLocaleString('en')}`,
      `Reference: ${payment.reference}`,
      `Card: ${cardSummary({ brand: payment.cardBrand as CardBrand, last4: payment.cardLast4 })}`,
      `Date: ${utcTime(order.paidAt)}`,
      '',
      `Questions about your order? Contact ${order.businessName} and quote the reference.`,
    ].join('\n'),
  };
}
