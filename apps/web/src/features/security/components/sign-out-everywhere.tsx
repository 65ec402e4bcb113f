import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Ends every other session after a confirmation; this device stays signed in. */
export function SignOutEverywhere({ userId }: { userId: string }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere({ onSuccess: () => setConfirming(false) });
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Sign out all other sessions
      </Button>
      <Modal
        open={confirming}
        onOpenChange={(open) => !signOut.isPending && setConfirming(open)}
        title="Sign out all other sessions?"
        description="Every other browser and device signed in to this account is signed out at once. You stay signed in here."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={signOut.isPending}>
              Cancel
            </Button>
            <Button variant="danger" pending={signOut.isPending} onClick={() => signOut.mutate(userId)}>
              Sign out other sessions
            </Button>
          </>
        }
      />
    </>
  );
}
