import { type SignUpRequest, SignUpRequestSchema, SUPPORTED_COUNTRIES } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, PasswordField, TextField } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { NEW_PASSWORD_HINT } from '@/lib/password-hint';
import { useSignUp } from '../api/sign-up';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'businessName',
  'countryOfBusiness',
  'password',
] as const satisfies readonly (keyof SignUpRequest)[];

const EMPTY: SignUpRequest = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  businessName: '',
  countryOfBusiness: '',
  password: '',
};

/** `email`: filled in from an invitation (the invited address). */
export function SignUpForm({ onSuccess, email = '' }: { onSuccess: () => void; email?: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SignUpRequestSchema),
    defaultValues: { ...EMPTY, email },
    mode: 'onTouched',
  });
  const countryId = useId();
  const signUp = useSignUp({
    onSuccess,
    onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
  });
  const onSubmit = (values: SignUpRequest) => signUp.mutate(values);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-5"
      aria-label="Create account"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@business.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+2348012345678"
        hint="10 to 15 digits, with an optional leading +."
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Company Name"
          autoComplete="organization"
          error={errors.businessName?.message}
          {...register('businessName')}
        />
        {/* A list, not free text: the country cannot be edited afterwards (SPEC section 6). */}
        <FieldShell id={countryId} label="Country of Business" error={errors.countryOfBusiness?.message}>
          <select
            id={countryId}
            autoComplete="country-name"
            className={inputClasses(Boolean(errors.countryOfBusiness))}
            aria-invalid={errors.countryOfBusiness ? true : undefined}
            aria-describedby={errors.countryOfBusiness ? `${countryId}-error` : undefined}
            {...register('countryOfBusiness')}
          >
            <option value="">Select country</option>
            {SUPPORTED_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={signUp.isPending}>
        Create account
      </Button>
    </form>
  );
}
