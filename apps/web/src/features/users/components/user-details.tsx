import type { User } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useBusiness, useUser } from '@/lib/api/user';

/**
 * Renders the signed-in person's account, or with `of="business"` the business acted for, once loaded, with
 * loading and error states in between.
 */
export function UserDetails({
  render,
  of = 'person',
}: {
  render: (user: User) => ReactNode;
  of?: 'person' | 'business';
}) {
  const person = useUser();
  const business = useBusiness();
  const user = of === 'business' ? business : person;
  if (user.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="size-8 text-brand-900" label="Loading your details" />
      </div>
    );
  }
  if (user.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {user.error.message}
      </p>
    );
  }
  return render(user.data);
}
