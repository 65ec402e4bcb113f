import type { User } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/api/user';

/** Renders the signed-in merchant once loaded, with loading and error states in between. */
export function UserDetails({ render }: { render: (user: User) => ReactNode }) {
  const user = useUser();
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
