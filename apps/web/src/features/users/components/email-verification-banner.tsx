import { OTP_RULES, type OtpVerifyRequest, OtpVerifyRequestSchema, type User } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useRequestOtp } from '../api/request-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCooldown } from '../use-cooldown';

/** A fresh code replaces the last one: a short wait keeps a double click or an impatient retry from doing so. */
const RESEND_COOLDOWN_SECONDS = 30;

/** Shown in the shell until the merchant proves the sign-up email is theirs. */
export function EmailVerificationBanner({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  const requestOtp = useRequestOtp();
  const resendCooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  if (user.emailVerified) return null;
  const codeSent = requestOtp.isSuccess;
  const sendCode = () => requestOtp.mutate(user.email, { onSuccess: resendCooldown.start });

  return (
    <section
      aria-label="Email verification"
      data-testid="email-verification-banner"
      className="border-b border-amber-200 bg-amber-50"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="flex items-start gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div>
            <p className="text-sm font-semibold text-amber-950">Verify your email address</p>
            <p className="mt-0.5 text-sm text-amber-900">
              {codeSent ? (
                <>
                  Enter the {OTP_RULES.length}-digit code we sent to <strong>{user.email}</strong>.
                </>
              ) : (
                <>
                  We will send a {OTP_RULES.length}-digit code to <strong>{user.email}</strong> to confirm it
                  is yours.
                </>
              )}
            </p>
          </div>
        </div>
        {codeSent ? (
          <OtpForm
            email={user.email}
            onResend={sendCode}
            resending={requestOtp.isPending}
            resendIn={resendCooldown.remaining}
          />
        ) : (
          <Button
            variant="secondary"
            className="self-start lg:self-auto"
            pending={requestOtp.isPending}
            onClick={sendCode}
          >
            Send verification code
          </Button>
        )}
      </div>
    </section>
  );
}

interface OtpFormProps {
  email: string;
  onResend: () => void;
  resending: boolean;
  /** Seconds until another code may be asked for; 0 when it may now. */
  resendIn: number;
}

function OtpForm({ email, onResend, resending, resendIn }: OtpFormProps) {
  const verifyOtp = useVerifyOtp();
  const form = useForm({
    resolver: zodResolver(OtpVerifyRequestSchema),
    defaultValues: { email, otp: '' },
    mode: 'onTouched',
  });
  const onSubmit = (values: OtpVerifyRequest) => verifyOtp.mutate(values);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-wrap items-start gap-3 lg:shrink-0 lg:flex-nowrap"
    >
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_RULES.length}
        placeholder="123456"
        containerClassName="w-40 [&_label]:sr-only"
        className="h-10 font-mono tracking-[0.3em]"
        error={form.formState.errors.otp?.message}
        {...form.register('otp')}
      />
      <Button type="submit" pending={verifyOtp.isPending}>
        Verify email
      </Button>
      <Button
        variant="ghost"
        className="tabular-nums"
        onClick={onResend}
        disabled={resending || resendIn > 0}
      >
        {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
      </Button>
    </form>
  );
}
