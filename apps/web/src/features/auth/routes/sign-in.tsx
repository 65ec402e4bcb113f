import { lazy, Suspense, useState } from 'react';
import { replace, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Spinner } from '@/components/ui/spinner';
import { hasValidSession } from '@/lib/credentials';
import { afterSignInPath } from '@/lib/pending-invitation';
import type { SignInChallenge } from '../api/sign-in';
import { SignInForm } from '../components/sign-in-form';
import { TextLink } from '../components/text-link';

export const AFTER_SIGN_IN_PATH = '/dashboard/recents';

// Only accounts with two-factor on need the code step: its code stays out of the sign-in page's first load.
const TwoFactorSignInForm = lazy(() =>
  import('../components/two-factor-sign-in-form').then((module) => ({ default: module.TwoFactorSignInForm })),
);

/** A merchant who is already signed in has nothing to do here. */
export function loader() {
  return hasValidSession() ? replace(AFTER_SIGN_IN_PATH) : null;
}

export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  /** The email of the last password step (or the invitation's, `?email=`), kept for the way back from the code step. */
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [recovery, setRecovery] = useState(false);
  // An invitation opened before signing in is the next page (lib/pending-invitation).
  const onSuccess = () => navigate(afterSignInPath(AFTER_SIGN_IN_PATH), { replace: true });

  if (challenge) {
    return (
      <AuthLayout
        title="Two-factor authentication"
        description={
          recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
            : 'Enter the 6-digit code from your authenticator app.'
        }
      >
        <Suspense
          fallback={
            <div className="flex h-56 items-center justify-center">
              <Spinner className="size-8 text-brand-700" label="Loading" />
            </div>
          }
        >
          <TwoFactorSignInForm
            // Switching the kind of code starts the box afresh: its rules, its message, the cursor in it.
            key={recovery ? 'recovery' : 'app'}
            challengeToken={challenge.challengeToken}
            recovery={recovery}
            onRecoveryChange={setRecovery}
            onSuccess={onSuccess}
            onBack={() => {
              setChallenge(null);
              setRecovery(false);
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Bizdash"
      description="Welcome back. Enter your details to open your dashboard."
      aside={
        <>
          New to Bizdash? <TextLink to="/signup">Create an account</TextLink>
        </>
      }
    >
      <SignInForm
        email={email}
        onSuccess={onSuccess}
        onChallenge={(next) => {
          setEmail(next.email);
          setChallenge(next);
        }}
      />
    </AuthLayout>
  );
}
