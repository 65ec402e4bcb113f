import { ResetPasswordRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { NEW_PASSWORD_HINT } from '@/lib/password-hint';
import { isResetLinkInvalid, useResetPassword } from '../api/reset-password';

const ResetPasswordFormSchema = z
  .object({
    password: ResetPasswordRequestSchema.shape.password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords must match',
  });
type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

interface ResetPasswordFormProps {
  /** The token from the emailed link, already checked for its shape. */
  token: string;
  onSuccess: () => void;
  /** The server no longer accepts the link (used or expired); gets its sentence. */
  onLinkInvalid: (message: string) => void;
}

export function ResetPasswordForm({ token, onSuccess, onLinkInvalid }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const resetPassword = useResetPassword({
    onSuccess,
    onError: (error) => {
      if (isResetLinkInvalid(error)) onLinkInvalid(error.message);
      else applyServerFieldErrors(error, setError, ['password']);
    },
  });
  const onSubmit = ({ password }: ResetPasswordFormValues) => resetPassword.mutate({ token, password });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-5"
      aria-label="Choose a new password"
    >
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={resetPassword.isPending}>
        Set new password
      </Button>
    </form>
  );
}
