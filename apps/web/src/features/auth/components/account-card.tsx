import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import type { Credentials } from '@/lib/credentials';
import { useAccount } from '../api/get-account';

/** Who an account is: name, email and business when its token can read them, else its id. */
export function AccountCard({ label, credentials }: { label: string; credentials: Credentials }) {
  const account = useAccount(credentials);
  const user = account.data;
  return (
    <section aria-label={label} className="rounded-xl p-4 ring-1 ring-slate-200 ring-inset">
      <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar firstName={user?.firstName} lastName={user?.lastName} imageUrl={user?.profilePictureUrl} />
        {user ? (
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-sm break-words text-slate-700">{user.email}</p>
            <p className="text-sm break-words text-slate-600">{user.businessName}</p>
          </div>
        ) : account.isPending ? (
          <Spinner className="size-5 text-brand-900" label="Loading the account" />
        ) : (
          <p className="min-w-0 text-sm text-slate-700">
            Account <span className="font-mono break-all">{credentials.userId}</span>
          </p>
        )}
      </div>
    </section>
  );
}
