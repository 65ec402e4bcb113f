import {
  TEXT_LIMITS,
  type UpdateProfileRequest,
  UpdateProfileRequestSchema,
  type User,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-user';

const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

const profileValues = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
});

/** First name, last name and phone; the email is shown but is the sign-in name, so it is not edited here. */
export function ProfileForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateProfileRequestSchema),
    values: profileValues(user),
    mode: 'onTouched',
  });
  const update = useUpdateProfile((error) =>
    applyServerFieldErrors<UpdateProfileRequest>(error, setError, PROFILE_FIELDS),
  );
  return (
    <form
      noValidate
      aria-label="User profile"
      onSubmit={handleSubmit((input) => update.mutate(input))}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={TEXT_LIMITS.name}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={TEXT_LIMITS.name}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="Email"
          type="email"
          readOnly
          className="read-only:bg-slate-100 read-only:text-slate-600"
          hint="The address you sign in with."
          {...register('email')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          disabled={update.isPending || !isDirty}
          onClick={() => reset(profileValues(user))}
        >
          Cancel
        </Button>
        <Button type="submit" pending={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
