import { TEAM_ROLE_LABELS, type TeamRole } from '@bizdash/shared';
import type { AppDeps } from '../../types.ts';

export const INVITATION_DAYS = 7;

interface InvitationEmail {
  businessId: string;
  businessName: string;
  email: string;
  role: TeamRole;
  inviterName: string | null;
  token: string;
}

/**
 * The invitation email: who invites, to which business, as what, and the single-use link. The link is built from
 * the configured public address (PUBLIC_URL), never from the request's Host, which a caller chooses.
 */
export async function sendInvitationEmail(
  deps: Pick<AppDeps, 'email' | 'config'>,
  invitation: InvitationEmail,
) {
  const link = `${deps.config.publicUrl}/invitations/accept?token=${encodeURIComponent(invitation.token)}`;
  const who = invitation.inviterName ?? 'The owner';
  const role = TEAM_ROLE_LABELS[invitation.role];
  await deps.email.send({
    to: invitation.email,
    userId: invitation.businessId,
    subject: `${who} invited you to ${invitation.businessName} on Bizdash`,
    text: [
      'Hello,',
      '',
      `${who} invited you to join ${invitation.businessName} on Bizdash as ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}.`,
      '',
      `Accept the invitation here: ${link}`,
      '',
      `Create a Bizdash account with this email address (${invitation.email}), or sign in if you have one. The link works once, for ${INVITATION_DAYS} days.`,
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  });
}
