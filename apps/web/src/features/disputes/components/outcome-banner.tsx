import { type DisputeDetail, formatDateTime, formatMoney } from '@bizdash/shared';
import { CircleCheck, CircleX, Clock, ShieldAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { dueText } from './due-date';

/** Where the disputed money is, by the dispute's status: held, back in the wallet, or gone to the customer's bank. */
export function OutcomeBanner({ dispute }: { dispute: DisputeDetail }) {
  const money = formatMoney(dispute.amount, dispute.currency);
  const now = useNow(60_000, dispute.status === 'NEEDS_RESPONSE');
  const expired = dispute.timeline.some((entry) => entry.kind === 'EXPIRED');
  const { tone, Icon, title, text } = (() => {
    switch (dispute.status) {
      case 'NEEDS_RESPONSE':
        return {
          tone: 'amber',
          Icon: ShieldAlert,
          title: `Respond by ${formatDateTime(dispute.evidenceDueBy)} (${dueText(dispute.evidenceDueBy, now).toLowerCase()})`,
          text: `${money} is held from your wallet. Submit evidence that the payment is valid, or accept the dispute. With no answer by the due date, the dispute is lost.`,
        };
      case 'UNDER_REVIEW':
        return {
          tone: 'blue',
          Icon: Clock,
          title: 'Evidence submitted: the card network is reviewing it',
          text: `${money} stays held from your wallet until the card network decides.`,
        };
      case 'WON':
        return {
          tone: 'green',
          Icon: CircleCheck,
          title: 'You won this dispute',
          text: `${money} is back in your wallet.`,
        };
      case 'LOST':
        return {
          tone: 'grey',
          Icon: CircleX,
          title: expired
            ? 'Dispute lost: no evidence was submitted by the due date'
            : 'You lost this dispute',
          text: `${money} went to the customer's bank.`,
        };
      case 'ACCEPTED':
        return {
          tone: 'grey',
          Icon: CircleX,
          title: 'You accepted this dispute',
          text: `${money} went to the customer's bank.`,
        };
    }
  })();
  return (
    <div
      role="status"
      data-testid="dispute-outcome"
      data-status={dispute.status}
      className={cn(
        'flex items-start gap-3 rounded-xl px-4 py-3.5 ring-1 ring-inset',
        tone === 'amber' && 'bg-amber-50 text-amber-950 ring-amber-200',
        tone === 'blue' && 'bg-brand-50 text-brand-950 ring-brand-200',
        tone === 'green' && 'bg-emerald-50 text-emerald-950 ring-emerald-200',
        tone === 'grey' && 'bg-slate-50 text-slate-900 ring-slate-200',
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm" data-testid="dispute-outcome-text">
          {text}
        </p>
      </div>
    </div>
  );
}
