import { formatDate, formatMoney, type Payout } from '@bizdash/shared';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { CODE_LABELS, useConfirmPayoutForm } from '../use-confirm-payout-form';
import { accountLabel } from './payout-status-badge';
import { StepActions, StepFrame } from './payout-stepper';

/** Step 5: the code that lets the money go, from the authenticator app or the email (10 minutes). */
export function ConfirmPayoutForm({ payout }: { payout: Payout }) {
  const { confirmation, deadline, refused, ...form } = useConfirmPayoutForm(payout);
  return (
    <StepFrame
      title="Confirm your payout"
      description={
        confirmation === 'two_factor'
          ? `Open your authenticator app for the code. Confirm by ${formatDate(deadline, 'HH:mm')}, or the payout is cancelled.`
          : `We emailed you a 6-digit code. It works once, until ${formatDate(deadline, 'HH:mm')}; after that the payout is cancelled.`
      }
    >
      <div
        className="rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200"
        data-testid="confirm-summary"
      >
        <p className="text-slate-900">
          <span className="font-semibold">{formatMoney(payout.amount, payout.currency)}</span> to{' '}
          <span className="font-medium">{accountLabel(payout)}</span>, {payout.accountHolderName}
        </p>
        <p className="mt-0.5 text-slate-600">
          Fee {formatMoney(payout.fee, payout.currency)} · Total leaving your wallet{' '}
          {formatMoney(payout.total, payout.currency)}
        </p>
      </div>
      <form noValidate onSubmit={form.submit} className="mt-5">
        <TextField
          ref={form.input}
          label={CODE_LABELS[confirmation]}
          name="code"
          value={form.code}
          onChange={(event) => form.changeCode(event.target.value)}
          error={form.fieldError ?? undefined}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="123456"
          {...(confirmation === 'email' ? { inputMode: 'numeric' as const, maxLength: 7 } : {})}
          className="max-w-60 font-mono tracking-[0.2em]"
        />
        {confirmation === 'email' && !refused ? (
          <p className="mt-3 flex flex-wrap items-center gap-x-1 text-sm text-slate-600">
            No email, or the code stopped working?
            <Button
              type="button"
              variant="ghost"
              size="sm"
              pending={form.sendingNewCode}
              onClick={form.sendNewCode}
            >
              Send a new code
            </Button>
          </p>
        ) : null}
        {refused ? (
          <div
            role="alert"
            className="mt-4 flex items-start gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="flex flex-col items-start gap-1">
              <p>{refused}</p>
              <Link
                to="/payouts/new"
                className="font-semibold text-red-900 underline underline-offset-2 hover:text-red-950"
              >
                Start a new payout
              </Link>
            </div>
          </div>
        ) : null}
        <StepActions>
          <Button type="submit" pending={form.confirming}>
            Confirm payout
          </Button>
        </StepActions>
      </form>
    </StepFrame>
  );
}
