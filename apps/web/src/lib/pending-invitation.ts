/**
 * An invitation link opened before signing in or up (issue 23 §1): its token is kept in this tab while the person
 * signs in or creates their account, and the page they land on afterwards is the invitation again, to accept it.
 */
const PENDING_INVITATION_STORAGE_KEY = 'pendingInvitation';

const INVITATION_ACCEPT_PATH = '/invitations/accept';

const invitationAcceptPath = (token: string) =>
  `${INVITATION_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;

export function savePendingInvitation(token: string): void {
  window.sessionStorage.setItem(PENDING_INVITATION_STORAGE_KEY, token);
}

export function clearPendingInvitation(): void {
  window.sessionStorage.removeItem(PENDING_INVITATION_STORAGE_KEY);
}

/** Where a sign-in or sign-up goes next: the invitation waiting to be accepted, else the usual page. */
export function afterSignInPath(usual: string): string {
  let token: string | null = null;
  try {
    token = window.sessionStorage.getItem(PENDING_INVITATION_STORAGE_KEY);
  } catch {
    token = null;
  }
  return token ? invitationAcceptPath(token) : usual;
}
