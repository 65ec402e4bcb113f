import { DisableTwoFactorRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { PasswordField } from '@/components/ui/form-field';
import { FormModal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { TwoFactorCodeField } from './two-factor-code-field';

const FORM_ID = 'turn-off-two-factor-form';

interface TurnOffTwoFactorModalProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Turning it off takes the password and a code: a session left open on a shared computer is not enough. */
export function TurnOffTwoFactorModal({ userId, open, onOpenChange }: TurnOffTwoFactorModalProps) {
  const form = useForm({
    resolver: zodResolver(DisableTwoFactorRequestSchema),
    defaultValues: { password: '', code: '' },
    mode: 'onTouched',
  });
  const close = () => {
    form.reset();
    onOpenChange(false);
  };
  const disable = useDisableTwoFactor(userId, { onSuccess: close });

  return (
    <FormModal
      open={open}
      onClose={close}
      title="Turn off two-factor authentication?"
      description="Signing in will take only your password again, and your recovery codes stop working. Confirm with your current password and a code."
      formId={FORM_ID}
      submitLabel="Turn off"
      pending={disable.isPending}
      danger
    >
      <form
        id={FORM_ID}
        noValidate
        aria-label="Turn off two-factor authentication"
        onSubmit={form.handleSubmit((values) =>
          disable.mutate(values, {
            onError: (error) => {
              const code = error instanceof ApiError ? error.code : undefined;
              if (code === 'CURRENT_PASSWORD_INCORRECT') {
                form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
              } else if (code === 'TWO_FACTOR_CODE_INCORRECT') {
                form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
              } else if (!applyServerFieldErrors(error, form.setError, ['password', 'code'])) {
                toast.error(error.message);
              }
            },
          }),
        )}
        className="flex flex-col gap-4"
      >
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <TwoFactorCodeField
          label="Code from your app or a recovery code"
          acceptsRecoveryCode
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
      </form>
    </FormModal>
  );
}
