import { cardSummary, formatDate, formatMoney } from '@bizdash/shared';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import type { AppDeps } from '../../types.ts';
import { findPaymentViewById, type PaymentRow } from './checkout.repository.ts';

/** Server time zones vary; a receipt states its time in UTC. */
const utcTime = (date: Date) =>
  formatDate(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), "dd MMM yyyy, HH:mm 'UTC'");

/** The email a customer gets once the payment is booked, like the receipt page. */
function receiptEmail(
  payment: PaymentRow,
  order: { productName: string; businessName: string; paidAt: Date },
): EmailMessage {
  const amount = formatMoney(payment.customerTotal, payment.currency);
  return {
    to: payment.customerEmail,
    userId: payment.userId,
    subject: `Your receipt from ${order.businessName}: ${amount}`,
    text: [
      `Hi ${payment.customerName},`,
      '',
      `Thank you for your payment to ${order.businessName}.`,
      '',
      `Amount paid: ${amount}`,
      `For: ${order.productName} × ${payment.quantity.toLocaleString('en')}`,
      `Reference: ${payment.reference}`,
      `Card: ${cardSummary({ brand: payment.cardBrand, last4: payment.cardLast4 })}`,
      `Date: ${utcTime(order.paidAt)}`,
      '',
      `Questions about your order? Contact ${order.businessName} and quote the reference.`,
    ].join('\n'),
  };
}

/**
 * The payment.succeeded handler's work: the customer's receipt, sent once per delivery (a retry of the same
 * delivery finds the email it already wrote and only tries to hand it over again).
 */
export async function sendReceipt(
  { database, email }: Pick<AppDeps, 'database' | 'email'>,
  paymentId: string,
  deliveryId: string,
) {
  const view = await findPaymentViewById(database.db, paymentId);
  if (!view) throw new Error(`payment ${paymentId} not found for its receipt`);
  const paidAt = view.payment.completedAt ?? view.payment.updatedAt;
  await email.sendOnce(`receipt:${deliveryId}`, receiptEmail(view.payment, { ...view, paidAt }));
}
