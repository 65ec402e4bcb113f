import { DISPUTE_REASON_LABELS, type EventOf, formatMoney } from '@bizdash/shared';
import type { AppDeps } from '../../types.ts';
import { findRecipientByUserId } from '../users/index.ts';

/**
 * The merchant hears at once that a payment was disputed, and again 48 hours before the evidence is due if it is
 * still unanswered: money is held from the wallet and lost without an answer, so this email does not wait for the
 * notification settings. Sent once per delivery (a retried delivery finds the email it already wrote).
 */
export async function sendDisputeEmail(
  { database, email, config }: Pick<AppDeps, 'database' | 'email' | 'config'>,
  event: EventOf<'dispute.created'> | EventOf<'dispute.evidence_due_soon'>,
  deliveryId: string,
) {
  const { data } = event;
  const recipient = await findRecipientByUserId(database.db, data.userId);
  if (!recipient) return;
  const amount = formatMoney(data.amount, data.currency);
  const due = new Date(data.evidenceDueBy).toUTCString();
  const link = `${config.publicUrl}/disputes/${data.disputeId}`;
  const opened = event.type === 'dispute.created';
  await email.sendOnce(`dispute:${deliveryId}`, {
    to: recipient.email,
    userId: recipient.userId,
    subject: opened
      ? `A payment of ${amount} was disputed`
      : `Reminder: answer the dispute of ${amount} by ${due}`,
    text: [
      ...(recipient.appName ? [`${recipient.appName}:`, ''] : []),
      opened
        ? `${data.customer.name} (${data.customer.email}) disputed a payment of ${amount} with their bank.`
        : `The dispute of ${data.customer.name}'s payment of ${amount} still needs your answer.`,
      `Reason: ${DISPUTE_REASON_LABELS[data.reason]}`,
      `The amount is held from your wallet until the dispute is decided.`,
      '',
      `Submit evidence or accept the dispute by ${due}; without an answer by then, the dispute is lost.`,
      link,
    ].join('\n'),
  });
}
