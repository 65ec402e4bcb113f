import { cardSummary, formatMoney } from '@bizdash/shared';
import type { AppDeps } from '../../types.ts';
import { findPaymentForRefundById } from '../checkout/index.ts';
import { findRefundById } from './refunds.repository.ts';

/**
 * The refund.created handler's work: the customer hears that their money is on its way back, with what the
 * merchant wrote for them; sent once per delivery (a retry of the delivery finds the email it already wrote).
 */
export async function sendRefundEmail(
  { database, email }: Pick<AppDeps, 'database' | 'email'>,
  refundId: string,
  deliveryId: string,
) {
  const refund = await findRefundById(database.db, refundId);
  if (!refund) throw new Error(`refund ${refundId} not found for its email`);
  const found = await findPaymentForRefundById(database.db, refund.paymentId);
  if (!found) throw new Error(`refund ${refundId}: its payment is gone`);
  const { payment, businessName, productName } = found;
  const amount = formatMoney(refund.amount, refund.currency);
  await email.sendOnce(`refund:${deliveryId}`, {
    to: payment.customerEmail,
    userId: refund.userId,
    subject: `Your refund of ${amount} from ${businessName}`,
    text: [
      `Hi ${payment.customerName},`,
      '',
      `${businessName} is refunding ${amount} of your payment for ${productName}.`,
      ...(refund.customerNote ? ['', refund.customerNote] : []),
      '',
      `Refund to: ${cardSummary({ brand: payment.cardBrand, last4: payment.cardLast4 })}`,
      `Payment reference: ${payment.reference}`,
      '',
      'Your bank usually shows it on your card within 5 to 10 business days.',
    ].join('\n'),
  });
}
