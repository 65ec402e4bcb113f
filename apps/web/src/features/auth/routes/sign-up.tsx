import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { afterSignInPath } from '@/lib/pending-invitation';
import { SignUpForm } from '../components/sign-up-form';
import { TextLink } from '../components/text-link';
import { AFTER_SIGN_IN_PATH } from './sign-in';

export { loader } from './sign-in';

export function Component() {
  const navigate = useNavigate();
  // An invitation's "Create account" fills in its email; after sign-up the invitation is the next page.
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      width="lg"
      title="Create your Bizdash account"
      description="Accept payments, hold NGN and USD wallets, and share payment links in minutes."
      aside={
        <>
          Already have an account? <TextLink to="/signin">Sign in</TextLink>
        </>
      }
    >
      <SignUpForm
        email={searchParams.get('email') ?? ''}
        onSuccess={() => navigate(afterSignInPath(AFTER_SIGN_IN_PATH), { replace: true })}
      />
    </AuthLayout>
  );
}
