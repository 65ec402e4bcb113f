import { replace, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { hasValidSession } from '@/lib/credentials';
import { SignInForm } from '../components/sign-in-form';
import { TextLink } from '../components/text-link';

export const AFTER_SIGN_IN_PATH = '/dashboard/recents';

/** A merchant who is already signed in has nothing to do here. */
export function loader() {
  return hasValidSession() ? replace(AFTER_SIGN_IN_PATH) : null;
}

export function Component() {
  const navigate = useNavigate();
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
      <SignInForm onSuccess={() => navigate(AFTER_SIGN_IN_PATH, { replace: true })} />
    </AuthLayout>
  );
}
