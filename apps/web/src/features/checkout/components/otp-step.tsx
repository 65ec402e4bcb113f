import {
  type CheckoutPayment,
  cardSummary,
  formatMoney,
  type SubmitOtp,
  SubmitOtpSchema,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, FlaskConical, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { useCancelForAnotherCard } from '../api/cancel-payment';
import { SUBMIT_OTP_ERROR, useSubmitOtp } from '../api/submit-otp';
import { StateHeader } from './state-header';

interface OtpStepProps {
  payment: CheckoutPayment;
  /** Back to the card form: no code arrived, or the customer would rather pay another way. */
  onUseAnotherCard: () => void;
}

/** The card issuer holds the payment until the customer types the code it sent. */
export function OtpStep({ payment, onUseAnotherCard }: OtpStepProps) {
  const verify = useSubmitOtp(payment.paymentId);
  const cancel = useCancelForAnotherCard(payment.paymentId);
  // Back to the card form once the payment is cancelled; one whose code was accepted meanwhile is shown going
  // through instead. A cancel that could not be sent leaves the payment to the abandoned-payments job.
  const useAnotherCard = () =>
    cancel.mutate(undefined, {
      onSettled: (cancelled) => {
        if (!cancelled || cancelled.status === 'FAILED') onUseAnotherCard();
      },
    });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(SubmitOtpSchema), defaultValues: { otp: '' }, mode: 'onTouched' });

  const onSubmit = (values: SubmitOtp) =>
    verify.mutate(values, {
      // A wrong code, or any other refusal, is said right under the box the customer is typing in.
      onError: (error) => setError('otp', { type: 'server', message: errorMessage(error, SUBMIT_OTP_ERROR) }),
    });

  return (
    <div className="flex flex-col gap-6">
      <StateHeader icon={ShieldCheck} tone="brand" title="Enter your one-time code">
        Your card issuer sent a one-time code to the phone number or email linked to your{' '}
        <span className="whitespace-nowrap">{cardSummary(payment.card)}</span> card. Enter it to approve{' '}
        <strong className="font-semibold text-slate-900">
          {formatMoney(payment.total, payment.currency)}
        </strong>{' '}
        to {payment.businessName}.
      </StateHeader>
      {payment.sandboxOtp ? (
        <p className="flex items-center justify-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-200 ring-inset">
          <FlaskConical className="size-4 text-amber-700" aria-hidden="true" />
          Sandbox: use {payment.sandboxOtp}
        </p>
      ) : null}
      <form
        noValidate
        aria-label="Verify code"
        onSubmit={handleSubmit(onSubmit)}
        className="flex flex-col gap-4"
      >
        <TextField
          label="One-time code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          className="h-12 text-center font-mono text-xl tracking-[0.4em]"
          error={errors.otp?.message}
          {...register('otp')}
        />
        <Button type="submit" size="lg" className="h-12 w-full text-base" pending={verify.isPending}>
          Verify code
        </Button>
        <Button
          variant="ghost"
          className="self-center"
          icon={<ArrowLeft className="size-4" aria-hidden="true" />}
          onClick={useAnotherCard}
          disabled={verify.isPending}
          pending={cancel.isPending}
        >
          Use another card
        </Button>
      </form>
    </div>
  );
}
