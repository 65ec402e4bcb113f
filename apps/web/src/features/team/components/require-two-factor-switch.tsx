import { TEAM_MESSAGES } from '@bizdash/shared';
import { RoleTooltip } from '@/components/ui/permission-gate';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
import { useRequireTwoFactor } from '../api/mutate-team';

/**
 * "Require two-factor for everyone" (the owner only): a member without it is sent to its set-up and can do nothing
 * else first. The owner turns it on for their own account before they can ask it of others.
 */
export function RequireTwoFactorSwitch({ on, ownerTwoFactorOn }: { on: boolean; ownerTwoFactorOn: boolean }) {
  const { allowed, reason } = useCan('business.own');
  const save = useRequireTwoFactor();
  const refusal = !allowed ? reason : !on && !ownerTwoFactorOn ? TEAM_MESSAGES.ownerTwoFactorOff : null;
  const checked = save.isPending && save.variables !== undefined ? save.variables : on;
  const control = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label="Require two-factor for everyone"
      disabled={refusal !== null || save.isPending}
      onClick={() => save.mutate(!on)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-brand-700' : 'bg-slate-300',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
  return refusal ? <RoleTooltip reason={refusal}>{control}</RoleTooltip> : control;
}
