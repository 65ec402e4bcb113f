import { replace, useLoaderData, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import {
  clearPendingHandOver,
  getPendingHandOver,
  otherMerchantSignedIn,
  startSession,
} from '@/lib/credentials';
import { AccountCard } from '../components/account-card';

/**
 * Only a hand-over waiting for an answer brings anyone here. When the other session has ended meanwhile there
 * is nobody left to protect, so the link signs in as it would have at start-up.
 */
export function loader() {
  const handOver = getPendingHandOver();
  if (!handOver) return replace('/');
  const current = otherMerchantSignedIn(handOver.credentials);
  if (current) return { current, handOver };
  clearPendingHandOver();
  startSession(handOver.credentials);
  return replace(handOver.path);
}

export function Component() {
  const { current, handOver } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const answer = (switchAccount: boolean) => {
    clearPendingHandOver();
    if (switchAccount) startSession(handOver.credentials);
    void navigate(handOver.path, { replace: true });
  };

  return (
    <AuthLayout
      title="Switch account?"
      description="The link you opened signs in to a different Bizdash account than the one signed in here. Switch only if you meant to open that account."
    >
      <div className="flex flex-col gap-3">
        <AccountCard label="Signed in now" credentials={current} />
        <AccountCard label="The link signs in" credentials={handOver.credentials} />
      </div>
      <div className="mt-8 flex flex-col gap-3">
        <Button size="lg" className="w-full" onClick={() => answer(true)}>
          Switch account
        </Button>
        <Button size="lg" variant="secondary" className="w-full" onClick={() => answer(false)}>
          Stay signed in
        </Button>
      </div>
    </AuthLayout>
  );
}
