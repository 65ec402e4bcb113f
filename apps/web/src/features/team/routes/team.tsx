import { Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { SectionCard } from '@/components/ui/section-card';
import { useUserId } from '@/lib/credentials';
import { useCan } from '@/lib/permissions';
import { useTeamInvitations, useTeamMembers } from '../api/get-team';
import { InvitationsList } from '../components/invitations-list';
import { InviteMemberDialog } from '../components/invite-member-dialog';
import { MembersList } from '../components/members-list';
import { RequireTwoFactorSwitch } from '../components/require-two-factor-switch';
import { TransferOwnershipDialog } from '../components/transfer-ownership-dialog';

export const TEAM_EMPTY = 'Just you so far — invite your accountant or developer';

function MembersSkeleton() {
  return (
    <div aria-hidden="true" data-testid="team-skeleton" className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-4">
          <span className="h-4 w-40 animate-pulse rounded bg-slate-100" />
          <span className="h-4 flex-1 animate-pulse rounded bg-slate-100" />
          <span className="h-6 w-20 animate-pulse rounded-full bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** Settings > Team (issue 23 §1): the members, pending invitations, two-factor for everyone, and ownership. */
export function Component() {
  const personId = useUserId();
  const canManage = useCan('team.manage').allowed;
  const members = useTeamMembers();
  const invitations = useTeamInvitations({ enabled: canManage });
  const pending = invitations.data ?? [];
  const self = members.data?.items.find((member) => member.id === personId);
  const alone = members.data !== undefined && members.data.items.length <= 1 && pending.length === 0;

  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        title="Team"
        description="Everyone who can act for this business, and what their role lets them do."
        actions={
          // Both buttons do not fit beside each other on a phone: the second goes under the first.
          <div className="flex flex-wrap gap-2">
            <InviteMemberDialog />
            {members.data ? (
              <TransferOwnershipDialog
                members={members.data.items}
                twoFactorOn={self?.twoFactorEnabled ?? false}
              />
            ) : null}
          </div>
        }
      >
        {members.isPending ? <MembersSkeleton /> : null}
        {members.isError ? <QueryErrorState query={members} headingLevel="h3" variant="inline" /> : null}
        {members.data ? (
          <div className="-m-5 sm:-m-6">
            <MembersList members={members.data.items} />
            {alone ? (
              <EmptyState
                icon={Users}
                title={TEAM_EMPTY}
                description="Each person signs in with their own account and sees only what their role can use."
                headingLevel="h3"
                className="border-t border-slate-100"
              />
            ) : null}
          </div>
        ) : null}
      </SectionCard>
      {canManage ? (
        <SectionCard title="Pending invitations" description="Each link works once, for 7 days.">
          {invitations.isPending ? <MembersSkeleton /> : null}
          {invitations.isError ? (
            <QueryErrorState query={invitations} headingLevel="h3" variant="inline" />
          ) : null}
          {invitations.data ? (
            <div className="-m-5 sm:-m-6">
              <InvitationsList invitations={pending} />
            </div>
          ) : null}
        </SectionCard>
      ) : null}
      {members.data ? (
        <SectionCard
          title="Two-factor for everyone"
          description="A member without two-factor is taken to its set-up at their next action and can do nothing else first."
          actions={
            <RequireTwoFactorSwitch
              on={members.data.requireTwoFactor}
              ownerTwoFactorOn={self?.twoFactorEnabled ?? false}
            />
          }
        >
          <p className="text-sm text-slate-600">
            {members.data.requireTwoFactor
              ? 'Required: every member signs in with a code from their authenticator app.'
              : 'Not required: each member chooses for their own account.'}
          </p>
        </SectionCard>
      ) : null}
    </div>
  );
}
