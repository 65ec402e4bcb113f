import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { ChangePasswordModal } from '@/features/security/components/change-password-modal';
import { SignInHistory } from '@/features/security/components/sign-in-history';
import { SignOutEverywhere } from '@/features/security/components/sign-out-everywhere';
import { TwoFactorSection } from '@/features/security/components/two-factor-section';
import { useUserId } from '@/lib/credentials';

function SecurityScreen({ userId }: { userId: string }) {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        title="Password"
        description="After a change every device is signed out, this one too, and you sign in with the new password."
        actions={<Button onClick={() => setChangingPassword(true)}>Change Password</Button>}
      >
        <p className="text-sm text-slate-600">
          Use at least 8 characters with an uppercase letter, a lowercase letter, a number and a special
          character. We email you whenever your password changes.
        </p>
      </SectionCard>
      <TwoFactorSection userId={userId} />
      <SectionCard
        title="Sign-in history"
        description="Every sign-in to your account, newest first. See one you do not recognise, or lost a device? Sign out all other sessions: you stay signed in on this device."
        actions={<SignOutEverywhere userId={userId} />}
      >
        <SignInHistory userId={userId} />
      </SectionCard>
      <ChangePasswordModal userId={userId} open={changingPassword} onOpenChange={setChangingPassword} />
    </div>
  );
}

export function Component() {
  const userId = useUserId();
  return userId ? <SecurityScreen userId={userId} /> : null;
}
