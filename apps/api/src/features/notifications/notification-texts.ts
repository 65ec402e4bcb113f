import {
  DOCUMENT_LABELS,
  type DocumentName,
  type EventEnvelope,
  formatMoney,
  type NotificationType,
} from '@bizdash/shared';
import { describeUserAgent } from '../../lib/user-agent.ts';

export interface NoticeText {
  type: NotificationType;
  title: string;
  body: string;
}

const KYC_TEXTS = {
  ACTIVE: { title: 'Identity verified', body: 'Your KYC verification is complete.' },
  IN_REVIEW: { title: 'Identity check in review', body: 'We will let you know as soon as it is decided.' },
  KYC_FAILED: {
    title: 'Identity check failed',
    body: 'Your identity could not be verified. You can try again.',
  },
} as const;

const names = (documents: { documentName: string; originalFileName: string }[]) =>
  documents
    .map(
      (document) =>
        document.originalFileName ||
        DOCUMENT_LABELS[document.documentName as DocumentName] ||
        document.documentName,
    )
    .join(', ');

/** "Chrome on Linux from 203.0.113.7": the browser and system named by the User-Agent, never the raw header. */
const where = ({ ip, userAgent }: { ip: string | null; userAgent: string | null }) =>
  [describeUserAgent(userAgent) ?? 'an unknown device', ip ? `from ${ip}` : null].filter(Boolean).join(' ');

/** What the bell (and the email) says about an event; null for an event that makes no notice. */
export function noticeFor(event: EventEnvelope): NoticeText | null {
  switch (event.type) {
    case 'payment.succeeded': {
      const { amount, currency, customer, reference } = event.data;
      return {
        type: 'incomingPayments',
        title: 'Payment received',
        body: `${customer.name} paid ${formatMoney(amount, currency)} (${reference}).`,
      };
    }
    case 'payment.failed':
      return null;
    case 'user.kyc.updated': {
      const { status, reason } = event.data;
      const text = status in KYC_TEXTS ? KYC_TEXTS[status as keyof typeof KYC_TEXTS] : null;
      if (!text) return null;
      const body = status === 'KYC_FAILED' && reason ? `${reason} You can try again.` : text.body;
      return { type: 'accountUpdates', title: text.title, body };
    }
    case 'document.uploaded':
      return {
        type: 'accountUpdates',
        title: 'Documents uploaded',
        body: `Added: ${names(event.data.documents)}.`,
      };
    case 'document.deleted':
      return {
        type: 'accountUpdates',
        title: 'Documents deleted',
        body: `Removed: ${names(event.data.documents)}.`,
      };
    case 'security.password_changed':
      return {
        type: 'securityAlerts',
        title: 'Password changed',
        body: `Your password was changed on ${where(event.data)}. If this was not you, reset your password now.`,
      };
    case 'security.two_factor_enabled':
      return {
        type: 'securityAlerts',
        title: 'Two-factor sign-in turned on',
        body: `Two-factor sign-in was turned on from ${where(event.data)}.`,
      };
    case 'security.two_factor_disabled':
      return {
        type: 'securityAlerts',
        title: 'Two-factor sign-in turned off',
        body: `Two-factor sign-in was turned off from ${where(event.data)}. If this was not you, change your password.`,
      };
    case 'payout.created':
      return null;
    case 'payout.succeeded': {
      const { amount, currency, bankName, accountNumberMasked } = event.data;
      return {
        type: 'outgoingTransfer',
        title: 'Payout sent',
        body: `${formatMoney(amount, currency)} reached ${bankName} ${accountNumberMasked}.`,
      };
    }
    case 'payout.failed': {
      const { amount, currency, failureReason } = event.data;
      return {
        type: 'outgoingTransfer',
        title: 'Payout failed',
        body: `${formatMoney(amount, currency)} could not be paid out${failureReason ? `: ${failureReason}` : ''}. The money and its fee are back in your wallet.`,
      };
    }
    case 'refund.created':
      return null;
    case 'refund.succeeded': {
      const { amount, currency, customer } = event.data;
      return {
        type: 'refunds',
        title: 'Refund completed',
        body: `${formatMoney(amount, currency)} is back on ${customer.name}'s card.`,
      };
    }
    case 'refund.failed': {
      const { amount, currency, customer, failureReason } = event.data;
      return {
        type: 'refunds',
        title: 'Refund failed',
        body: `${formatMoney(amount, currency)} could not be refunded to ${customer.name}${failureReason ? `: ${failureReason}` : ''}. The money is back in your wallet.`,
      };
    }
    case 'dispute.created': {
      const { amount, currency, customer, evidenceDueBy } = event.data;
      return {
        type: 'disputes',
        title: 'Payment disputed',
        body: `${customer.name} disputed a payment of ${formatMoney(amount, currency)}. The amount is held from your wallet: answer by ${new Date(evidenceDueBy).toUTCString()}.`,
      };
    }
    case 'dispute.updated':
      return null;
    case 'dispute.closed': {
      const { amount, currency, customer, status } = event.data;
      const outcome =
        status === 'WON'
          ? `was decided for you: ${formatMoney(amount, currency)} is back in your wallet.`
          : status === 'ACCEPTED'
            ? `is closed: you accepted it and ${formatMoney(amount, currency)} went to the customer's bank.`
            : `was lost: ${formatMoney(amount, currency)} went to the customer's bank.`;
      return {
        type: 'disputes',
        title: status === 'WON' ? 'Dispute won' : status === 'ACCEPTED' ? 'Dispute accepted' : 'Dispute lost',
        body: `The dispute of ${customer.name}'s payment ${outcome}`,
      };
    }
    case 'dispute.evidence_due_soon': {
      const { amount, currency, customer, evidenceDueBy } = event.data;
      return {
        type: 'disputes',
        title: 'Dispute evidence due soon',
        body: `Answer the dispute of ${customer.name}'s payment of ${formatMoney(amount, currency)} by ${new Date(evidenceDueBy).toUTCString()}, or it is lost.`,
      };
    }
    case 'webhook.endpoint_disabled': {
      const { url, reason } = event.data;
      return {
        type: 'accountUpdates',
        title: 'Webhook endpoint disabled',
        body: `Webhooks to ${url} have stopped: ${reason} Save the URL again in Developer Settings to turn them back on, then resend what was missed from the delivery log.`,
      };
    }
    case 'security.signed_in':
      return {
        type: 'securityAlerts',
        title: 'New sign-in',
        body: `Someone signed in to your account on ${where(event.data)}.`,
      };
  }
}
