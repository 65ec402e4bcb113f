import { type ForgotPasswordRequest, ForgotPasswordRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm({ onSent }: { onSent: (message: string) => void }) {
  const forgotPassword = useForgotPassword({ onSuccess: onSent });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const onSubmit = (values: ForgotPasswordRequest) => forgotPassword.mutate(values);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-5"
      aria-label="Reset password"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@business.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={forgotPassword.isPending}>
        Email me a reset link
      </Button>
    </form>
  );
}
