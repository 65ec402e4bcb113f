import {
  EnableTwoFactorRequestSchema,
  type SignInTwoFactorRequest,
  SignInTwoFactorRequestSchema,
  TWO_FACTOR_CHALLENGE_EXPIRED,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSignInTwoFactor } from '../api/sign-in-two-factor';

/** The app's 6 digits only, or either kind of code: each with its own message when the box is wrong. */
const anyCodeSchema = SignInTwoFactorRequestSchema.pick({ code: true });
const appCodeSchema: typeof anyCodeSchema = EnableTwoFactorRequestSchema;
/** Answers about the code itself, shown under the box: a wrong one, or a right one already used (wait for the next). */
const CODE_ERRORS = new Set(['SIGN_IN_CODE_INCORRECT', 'TWO_FACTOR_CODE_USED']);

/** The challenge ran out (or is not one the server knows): only the password step can make another. */
function isChallengeExpired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED' || error.message === TWO_FACTOR_CHALLENGE_EXPIRED)
  );
}

interface TwoFactorSignInFormProps {
  challengeToken: string;
  /** The merchant types a recovery code instead of a code from the app. */
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  onSuccess: () => void;
  /** Back to the email and password, by choice or because the challenge expired. */
  onBack: () => void;
}

/** The second step of signing in to an account with two-factor on: a code from the app, or a recovery code. */
export function TwoFactorSignInForm({
  challengeToken,
  recovery,
  onRecoveryChange,
  onSuccess,
  onBack,
}: TwoFactorSignInFormProps) {
  const verify = useSignInTwoFactor({ onSuccess });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(recovery ? anyCodeSchema : appCodeSchema),
    defaultValues: { code: '' },
  });
  // The box is what this step is for: the cursor waits in it, on arrival and after switching the kind of code.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = ({ code }: Pick<SignInTwoFactorRequest, 'code'>) =>
    verify.mutate(
      { challengeToken, code },
      {
        onError: (error) => {
          if (isChallengeExpired(error)) {
            toast.error(error.message);
            onBack();
          } else if (error instanceof ApiError && CODE_ERRORS.has(error.code ?? '')) {
            setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
          } else if (!applyServerFieldErrors(error, setError, ['code'])) {
            toast.error(error.message);
          }
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-5"
      aria-label="Two-factor authentication"
    >
      <TextField
        label={recovery ? 'Recovery code' : 'Authentication code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        spellCheck={false}
        {...(recovery
          ? { placeholder: 'xxxxx-xxxxx' }
          : { inputMode: 'numeric' as const, maxLength: 7, placeholder: '123456' })}
        className="text-center font-mono text-lg tracking-[0.3em]"
        error={errors.code?.message}
        {...register('code')}
      />
      <p className="-mt-3 text-right text-sm">
        <button
          type="button"
          onClick={() => onRecoveryChange(!recovery)}
          className="rounded-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
      </p>
      <Button type="submit" size="lg" className="mt-2 w-full" pending={verify.isPending}>
        Verify
      </Button>
      <Button
        variant="ghost"
        className="self-center"
        icon={<ArrowLeft className="size-4" aria-hidden="true" />}
        onClick={onBack}
        disabled={verify.isPending}
      >
        Back
      </Button>
    </form>
  );
}
