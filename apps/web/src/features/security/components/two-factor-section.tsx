import { formatDate, type TwoFactorStatus } from '@bizdash/shared';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { SectionCard } from '@/components/ui/section-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useSetUpTwoFactor } from '../api/set-up-two-factor';
import { NewRecoveryCodesModal } from './new-recovery-codes-modal';
import { TurnOffTwoFactorModal } from './turn-off-two-factor-modal';
import { TwoFactorSetupModal } from './two-factor-setup-modal';

type Dialog = 'setup' | 'recovery-codes' | 'turn-off';

const bar = 'block animate-pulse rounded bg-slate-100';

/** The card's shape while the status loads, as tall as the 'off' state, so the Sessions card does not jump. */
function TwoFactorSkeleton() {
  return (
    <div aria-hidden="true" data-testid="two-factor-skeleton" className="flex items-start gap-3">
      <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-100" />
      <div className="flex flex-1 flex-col gap-2">
        <span className={`${bar} h-5 w-16`} />
        <span className={`${bar} h-4 w-full max-w-md`} />
        <span className={`${bar} h-4 w-2/3 max-w-sm`} />
      </div>
    </div>
  );
}

const recoveryCodesLeft = (count: number) =>
  count === 1 ? '1 recovery code left' : `${count} recovery codes left`;

function StatusLine({ status }: { status: TwoFactorStatus }) {
  if (!status.enabled) {
    return (
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <ShieldOff className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1.5 text-sm text-slate-600">
          <StatusBadge tone="grey" className="self-start">
            Off
          </StatusBadge>
          <p>
            Add a second step to signing in: after your password, enter a 6-digit code from an authenticator
            app on your phone. Someone who learns your password still cannot get in.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <ShieldCheck className="size-5" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-1.5 text-sm text-slate-600">
        <StatusBadge tone="green" className="self-start">
          On
        </StatusBadge>
        <p>
          <span data-testid="two-factor-enabled-at">On since {formatDate(status.enabledAt)}</span>
          <span aria-hidden="true"> · </span>
          <span
            data-testid="recovery-codes-left"
            className={status.recoveryCodesLeft <= 3 ? 'font-medium text-amber-800' : undefined}
          >
            {recoveryCodesLeft(status.recoveryCodesLeft)}
          </span>
        </p>
        <p>
          Signing in asks for a code from your authenticator app. Lost your phone? Sign in with a recovery
          code, each one works once.
        </p>
      </div>
    </div>
  );
}

/** Two-factor sign-in with an authenticator app: its state, and turning it on or off. */
export function TwoFactorSection({ userId }: { userId: string }) {
  const status = useTwoFactorStatus(userId);
  const setup = useSetUpTwoFactor();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const startSetup = () => setup.mutate(userId);
  const closeDialog = () => {
    setDialog(null);
    setup.reset();
  };

  const actions = !status.data ? null : status.data.enabled ? (
    <>
      <Button variant="secondary" onClick={() => setDialog('recovery-codes')}>
        New recovery codes
      </Button>
      <Button variant="secondary" onClick={() => setDialog('turn-off')}>
        Turn off
      </Button>
    </>
  ) : (
    <Button
      onClick={() => {
        startSetup();
        setDialog('setup');
      }}
    >
      Set up two-factor
    </Button>
  );

  return (
    <SectionCard
      title="Two-factor authentication"
      description="Protect your account with a code from your phone as well as your password."
      actions={actions}
    >
      {status.isPending ? (
        <TwoFactorSkeleton />
      ) : status.isError ? (
        <QueryErrorState query={status} variant="inline" headingLevel="h3" />
      ) : (
        <StatusLine status={status.data} />
      )}
      {/* Outside the states above: turning it on changes the status while the recovery codes are still shown. */}
      <TwoFactorSetupModal
        userId={userId}
        open={dialog === 'setup'}
        onOpenChange={(open) => !open && closeDialog()}
        setup={{ data: setup.data, error: setup.error, restart: startSetup }}
      />
      <NewRecoveryCodesModal
        userId={userId}
        open={dialog === 'recovery-codes'}
        onOpenChange={(open) => !open && closeDialog()}
      />
      <TurnOffTwoFactorModal
        userId={userId}
        open={dialog === 'turn-off'}
        onOpenChange={(open) => !open && closeDialog()}
      />
    </SectionCard>
  );
}
