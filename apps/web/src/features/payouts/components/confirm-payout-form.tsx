import { ConfirmPayoutRequestSchema, formatDate, formatMoney, OTP_RULES, type Payout } from '@bizdash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-error';
import { useConfirmPayout } from '../api/confirm-payout';
import { getPayoutQueryOptions } from '../api/get-payout';
import { useResendPayoutCode } from '../api/resend-payout-code';
import { accountLabel } from './payout-status-badge';
import { StepActions, StepFrame } from './payout-stepper';

const CODE_LABELS = {
  two_factor: 'Enter the 6-digit code from your authenticator app',
  email: 'Enter the 6-digit code we emailed you',
} as const;
const SIX_DIGITS = /^\d{6}$/;
const EMAIL_CODE_MESSAGE = 'Enter the 6-digit code from the email';

/** What the code field holds, checked before it is sent: the emailed code is 6 digits; the app's may be a recovery code. */
function codeProblem(code: string, confirmation: Payout['confirmation']): string | null {
  if (confirmation === 'two_factor') {
    const parsed = ConfirmPayoutRequestSchema.safeParse({ code });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? CODE_LABELS.two_factor);
  }
  return SIX_DIGITS.test(code.replace(/\s/g, '')) ? null : EMAIL_CODE_MESSAGE;
}

/** Step 5: the code that lets the money go, from the authenticator app or the email (10 minutes). */
export function ConfirmPayoutForm({ payout }: { payout: Payout }) {
  const queryClient = useQueryClient();
  const confirm = useConfirmPayout();
  const resend = useResendPayoutCode();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const confirmation = payout.confirmation ?? 'email';
  const deadline = new Date(
    payout.confirmBy
      ? Date.parse(payout.confirmBy)
      : Date.parse(payout.createdAt) + OTP_RULES.ttlMinutes * 60_000,
  );
  // The one thing to do on this step: the code field is ready for typing or pasting.
  useEffect(() => input.current?.focus(), []);

  const sendNewCode = () =>
    resend.mutate(payout.id, {
      onSuccess: () => {
        setCode('');
        setFieldError(null);
        input.current?.focus();
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code, confirmation);
    if (problem) {
      setFieldError(problem);
      input.current?.focus();
      return;
    }
    confirm.mutate(
      { payoutId: payout.id, code },
      {
        onError: (error) => {
          toast.error(error.message);
          if (error instanceof ApiError && error.status === 400) {
            setFieldError(error.message);
            input.current?.focus();
            return;
          }
          if (error instanceof ApiError && error.status === 409) {
            // No longer waiting (confirmed elsewhere, expired, cancelled): the page shows what it is now.
            setRefused(error.message);
            void queryClient.invalidateQueries({ queryKey: getPayoutQueryOptions(payout.id).queryKey });
          }
        },
      },
    );
  };

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
      <form noValidate onSubmit={submit} className="mt-5">
        <TextField
          ref={input}
          label={CODE_LABELS[confirmation]}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
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
            <Button type="button" variant="ghost" size="sm" pending={resend.isPending} onClick={sendNewCode}>
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
          <Button type="submit" pending={confirm.isPending}>
            Confirm payout
          </Button>
        </StepActions>
      </form>
    </StepFrame>
  );
}
