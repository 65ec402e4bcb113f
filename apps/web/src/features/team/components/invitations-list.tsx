import type { TeamInvitation } from '@bizdash/shared';
import { Mail, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useResendInvitation, useRevokeInvitation } from '../api/mutate-team';
import { relativeTime } from '../roles';
import { RoleBadge } from './member-actions';

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" data-testid="invitation-row">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="break-all font-medium text-slate-900">{invitation.email}</p>
          <p className="text-sm text-slate-600">
            Invited {relativeTime(invitation.createdAt).toLowerCase()}
            {invitation.invitedBy ? ` by ${invitation.invitedBy.name}` : ''} · expires{' '}
            {relativeTime(invitation.expiresAt)}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2 pl-7 sm:pl-0">
        <RoleBadge role={invitation.role} />
        <Button
          variant="secondary"
          size="sm"
          pending={resend.isPending}
          icon={<RotateCw className="size-4" aria-hidden="true" />}
          onClick={() => resend.mutate(invitation.id)}
          aria-label={`Resend the invitation to ${invitation.email}`}
        >
          Resend
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon={<X className="size-4" aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          aria-label={`Revoke the invitation to ${invitation.email}`}
        >
          Revoke
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke the invitation to ${invitation.email}?`}
        description="The link in their email stops working at once."
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(invitation.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

/** Invitations waiting to be accepted, with Resend (a new link, 7 days again) and Revoke. */
export function InvitationsList({ invitations }: { invitations: TeamInvitation[] }) {
  if (invitations.length === 0) {
    return <p className="px-4 py-4 text-sm text-slate-600">No invitations waiting.</p>;
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}
