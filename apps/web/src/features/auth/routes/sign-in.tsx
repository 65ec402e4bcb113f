import { Link, replace, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { hasValidSession } from '@/lib/credentials';
import { SignInForm } from '../components/sign-in-form';

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
          New to Bizdash?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm onSuccess={() => navigate(AFTER_SIGN_IN_PATH, { replace: true })} />
    </AuthLayout>
  );
}
