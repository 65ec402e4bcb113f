import type { TeamMember, TeamRole } from '@bizdash/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RoleTooltip } from '@/components/ui/permission-gate';
import { StatusBadge } from '@/components/ui/status-badge';
import { useCan } from '@/lib/permissions';
import { useChangeRole, useRemoveMember } from '../api/mutate-team';
import { permissionsLost, roleLabel } from '../roles';
import { RoleSelect } from './role-select';

export const memberName = (member: TeamMember) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

export function RoleBadge({ role }: { role: TeamRole }) {
  return <StatusBadge tone={role === 'owner' ? 'blue' : 'default'}>{roleLabel(role)}</StatusBadge>;
}

/**
 * A member's role: a select for whoever may manage the team (lowering asks first, naming what they lose), a badge
 * for the owner, oneself and anyone who may not.
 */
export function MemberRole({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  const { allowed, reason } = useCan('team.manage');
  const change = useChangeRole();
  const [pending, setPending] = useState<TeamRole | null>(null);
  const name = memberName(member);
  if (member.role === 'owner' || isSelf) return <RoleBadge role={member.role} />;
  const choose = (role: TeamRole) => {
    if (role === member.role) return;
    if (permissionsLost(member.role, role).length > 0) return setPending(role);
    change.mutate({ memberId: member.id, role });
  };
  const select = (
    <RoleSelect
      label={`Role of ${name}`}
      value={member.role}
      onChange={choose}
      disabled={!allowed || change.isPending}
      className="w-36"
    />
  );
  const lost = pending ? permissionsLost(member.role, pending) : [];
  return (
    <>
      {allowed ? select : <RoleTooltip reason={reason}>{select}</RoleTooltip>}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Make ${name} ${pending ? roleLabel(pending) : ''}?`}
        description="It takes effect at once, also on the devices they are signed in on."
        confirmLabel="Change role"
        pending={change.isPending}
        onConfirm={() =>
          pending &&
          change.mutate({ memberId: member.id, role: pending }, { onSettled: () => setPending(null) })
        }
      >
        <p className="text-sm text-slate-700">They will no longer be able to:</p>
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
          {lost.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}

/** Remove: for anyone but the owner and oneself, after a confirmation naming the person. */
export function RemoveMember({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  const { allowed, reason } = useCan('team.manage');
  const remove = useRemoveMember();
  const [open, setOpen] = useState(false);
  if (member.role === 'owner' || isSelf) return null;
  const name = memberName(member);
  const button = (
    <Button
      variant="ghost"
      size="sm"
      disabled={!allowed}
      onClick={() => setOpen(true)}
      icon={<Trash2 className="size-4" aria-hidden="true" />}
      aria-label={`Remove ${name}`}
    >
      Remove
    </Button>
  );
  return (
    <>
      {allowed ? button : <RoleTooltip reason={reason}>{button}</RoleTooltip>}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove ${name}?`}
        description="They lose access at once"
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ memberId: member.id, name }, { onSettled: () => setOpen(false) })}
      >
        <p className="text-sm text-slate-700">
          {name} ({member.email}) is signed out of this business on their next action. You can invite them
          again later.
        </p>
      </ConfirmDialog>
    </>
  );
}
