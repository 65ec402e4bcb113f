import { ConfirmPayoutRequestSchema, OTP_RULES, type Payout } from '@bizdash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '@/lib/api-error';
import { useConfirmPayout } from './api/confirm-payout';
import { getPayoutQueryOptions } from './api/get-payout';
import { useResendPayoutCode } from './api/resend-payout-code';

export const CODE_LABELS = {
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

/**
 * The confirmation step's state: the code (checked before it is sent, focused whenever it needs typing again), a
 * new emailed code on request, and a refusal once the payout no longer waits for one.
 */
export function useConfirmPayoutForm(payout: Payout) {
  const queryClient = useQueryClient();
  const confirm = useConfirmPayout();
  const resend = useResendPayoutCode();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const confirmation = payout.confirmation ?? 'email';
  // The one thing to do on this step: the code field is ready for typing or pasting.
  useEffect(() => input.current?.focus(), []);

  const changeCode = (value: string) => {
    setCode(value);
    setFieldError(null);
  };

  const sendNewCode = () =>
    resend.mutate(payout.id, {
      onSuccess: () => {
        changeCode('');
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

  return {
    input,
    code,
    changeCode,
    fieldError,
    refused,
    confirmation,
    /** Past it the payout is cancelled. */
    deadline: new Date(
      payout.confirmBy
        ? Date.parse(payout.confirmBy)
        : Date.parse(payout.createdAt) + OTP_RULES.ttlMinutes * 60_000,
    ),
    submit,
    confirming: confirm.isPending,
    sendNewCode,
    sendingNewCode: resend.isPending,
  };
}
