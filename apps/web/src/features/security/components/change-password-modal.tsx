import { ChangePasswordRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, useForm } from 'react-hook-form';
import { PasswordField } from '@/components/ui/form-field';
import { FormModal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { NEW_PASSWORD_HINT } from '@/lib/password-hint';
import { useChangePassword } from '../api/change-password';

/** Every rule the value breaks, not only the first (SPEC section 5: each failing rule has its message). */
function allMessages(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const messages = error.types
    ? Object.values(error.types).flatMap((value) => (Array.isArray(value) ? value : [value]))
    : [error.message];
  const texts = [...new Set(messages.filter((text): text is string => typeof text === 'string'))];
  return texts.length > 0 ? texts.join('. ') : error.message;
}

interface ChangePasswordModalProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordModal({ userId, open, onOpenChange }: ChangePasswordModalProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
    criteriaMode: 'all',
  });
  const changePassword = useChangePassword({
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        setError('password', { message: error.message }, { shouldFocus: true });
      } else applyServerFieldErrors(error, setError, ['password', 'newPassword', 'confirmPassword']);
    },
  });
  const close = () => {
    reset();
    onOpenChange(false);
  };

  return (
    <FormModal
      open={open}
      onClose={close}
      title="Change Password"
      description="You will be signed out everywhere, here too, and sign in again with the new password."
      formId="change-password-form"
      submitLabel="Change Password"
      pending={changePassword.isPending}
    >
      <form
        id="change-password-form"
        noValidate
        onSubmit={handleSubmit((values) => changePassword.mutate({ userId, ...values }))}
        className="flex flex-col gap-4"
        aria-label="Change Password"
      >
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={allMessages(errors.password)}
          {...register('password')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          error={allMessages(errors.newPassword)}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={allMessages(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
      </form>
    </FormModal>
  );
}
