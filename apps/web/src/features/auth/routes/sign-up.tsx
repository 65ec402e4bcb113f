import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignUpForm } from '../components/sign-up-form';
import { AFTER_SIGN_IN_PATH } from './sign-in';

export { loader } from './sign-in';

export function Component() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      width="lg"
      title="Create your Bizdash account"
      description="Accept payments, hold NGN and USD wallets, and share payment links in minutes."
      aside={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm onSuccess={() => navigate(AFTER_SIGN_IN_PATH, { replace: true })} />
    </AuthLayout>
  );
}
