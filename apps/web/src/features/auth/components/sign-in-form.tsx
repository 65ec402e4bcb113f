import { type SignInRequest, SignInRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { type SignInChallenge, useSignIn } from '../api/sign-in';
import { TextLink } from './text-link';

interface SignInFormProps {
  onSuccess: () => void;
  /** The account has two-factor on: the page asks for a code next. */
  onChallenge: (challenge: SignInChallenge) => void;
  /** Back from the code step: the email is kept, the password asked for again. */
  email?: string;
}

export function SignInForm({ onSuccess, onChallenge, email = '' }: SignInFormProps) {
  const signIn = useSignIn({ onSuccess, onChallenge });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SignInRequestSchema),
    defaultValues: { email, password: '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (email) setFocus('password');
  }, [email, setFocus]);
  const onSubmit = (values: SignInRequest) => signIn.mutate(values);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@business.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
        error={errors.password?.message}
        {...register('password')}
      />
      {/* After the password field and its show button in the tab order: found where it is needed. */}
      <p className="-mt-3 text-right text-sm">
        <TextLink to="/forgot-password">Forgot password?</TextLink>
      </p>
      <Button type="submit" size="lg" className="mt-2 w-full" pending={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}
