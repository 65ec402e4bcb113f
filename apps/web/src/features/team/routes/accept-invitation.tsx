import { INVITATION_LINK_INVALID, type InvitationPreview, TEAM_ROLE_LABELS } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import { Link2Off, Users } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button, buttonClasses } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { actForBusiness } from '@/lib/acting-profile';
import { useUser } from '@/lib/api/user';
import { ApiError, isNotFound } from '@/lib/api-error';
import { hasValidSession } from '@/lib/credentials';
import { clearPendingInvitation, savePendingInvitation } from '@/lib/pending-invitation';
import { useInvitationPreview } from '../api/invitation-preview';
import { acceptInvitation } from '../api/mutate-team';
import { ROLE_DESCRIPTIONS } from '../roles';

const AFTER_JOIN_PATH = '/dashboard';

function InvalidLink() {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" role="alert">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <Link2Off className="size-6" aria-hidden="true" />
      </span>
      <p className="text-sm text-slate-700">{INVITATION_LINK_INVALID}</p>
      <p className="text-sm text-slate-600">Ask whoever invited you to send a new invitation.</p>
      <Link to="/signin" className={buttonClasses('secondary')}>
        Go to sign in
      </Link>
    </div>
  );
}

function Summary({ preview }: { preview: InvitationPreview }) {
  const role = TEAM_ROLE_LABELS[preview.role];
  return (
    <div
      className="flex items-start gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-900/5"
      data-testid="invitation"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Users className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm text-slate-700">
        <p>
          {preview.invitedByName ? (
            <>
              <strong className="font-semibold text-slate-900">{preview.invitedByName}</strong> invited{' '}
            </>
          ) : (
            'You are invited as '
          )}
          <strong className="break-all font-semibold text-slate-900">{preview.email}</strong> to join{' '}
          <strong className="font-semibold text-slate-900">{preview.businessName}</strong> as{' '}
          <strong className="font-semibold text-slate-900">{role}</strong>.
        </p>
        <p className="mt-1.5 text-slate-600">
          {role}: {ROLE_DESCRIPTIONS[preview.role]}
        </p>
      </div>
    </div>
  );
}

/** Signed in: join when this account is the invited one, else say which account to sign in with. */
function SignedIn({ preview, token }: { preview: InvitationPreview; token: string }) {
  const { data: user, isPending } = useUser();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (membership) => {
      clearPendingInvitation();
      actForBusiness(membership);
      toast.success(`You joined ${membership.businessName}`);
      void navigate(AFTER_JOIN_PATH, { replace: true });
    },
    onError: (error) => toast.error(error.message),
  });
  if (isPending) return <Spinner className="mx-auto size-6 text-brand-700" label="Loading" />;
  if (accept.error instanceof ApiError && isNotFound(accept.error)) return <InvalidLink />;
  if (user && user.email.toLowerCase() !== preview.email.toLowerCase()) {
    return (
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <p role="alert">
          This invitation is for {preview.email}. Sign in with that email's account to accept it. You are
          signed in as {user.email}.
        </p>
        <Link
          to="/logout"
          className={buttonClasses('secondary')}
          onClick={() => savePendingInvitation(token)}
        >
          Sign out and switch account
        </Link>
      </div>
    );
  }
  return (
    <Button className="w-full" size="lg" pending={accept.isPending} onClick={() => accept.mutate()}>
      Join {preview.businessName}
    </Button>
  );
}

/** Not signed in: sign in (an account with this email exists) or create one, then back here to accept. */
function SignedOut({ preview, token }: { preview: InvitationPreview; token: string }) {
  const email = encodeURIComponent(preview.email);
  const keep = () => savePendingInvitation(token);
  return (
    <div className="flex flex-col gap-3">
      {preview.accountExists ? (
        <>
          <Link to={`/signin?email=${email}`} onClick={keep} className={buttonClasses('primary', 'lg')}>
            Sign in
          </Link>
          <p className="text-center text-sm text-slate-600">
            Sign in as {preview.email}; you come back here to join.
          </p>
        </>
      ) : (
        <>
          <Link to={`/signup?email=${email}`} onClick={keep} className={buttonClasses('primary', 'lg')}>
            Create account
          </Link>
          <p className="text-center text-sm text-slate-600">
            Create your own account with {preview.email}; you come back here to join.
          </p>
        </>
      )}
    </div>
  );
}

/** /invitations/accept?token= (public): the invitation a link carries, and the way to join. */
export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const signedIn = hasValidSession();
  // An unknown, used, revoked or expired link is a 404; a token that is not one at all a 400.
  const invalid = !token || (preview.isError && isNotFound(preview.error));

  return (
    <AuthLayout title="Join a team on Bizdash" description="Each person signs in with their own account.">
      {invalid ? <InvalidLink /> : null}
      {!invalid && preview.isPending ? (
        <div className="flex h-32 items-center justify-center">
          <Spinner className="size-8 text-brand-700" label="Loading the invitation" />
        </div>
      ) : null}
      {!invalid && preview.isError ? <QueryErrorState query={preview} variant="inline" /> : null}
      {preview.data ? (
        <div className="flex flex-col gap-5">
          <Summary preview={preview.data} />
          {signedIn ? (
            <SignedIn preview={preview.data} token={token} />
          ) : (
            <SignedOut preview={preview.data} token={token} />
          )}
        </div>
      ) : null}
    </AuthLayout>
  );
}
