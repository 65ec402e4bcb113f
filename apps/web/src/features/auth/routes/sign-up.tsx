import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignUpForm } from '../components/sign-up-form';
import { TextLink } from '../components/text-link';
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
          Already have an account? <TextLink to="/signin">Sign in</TextLink>
        </>
      }
    >
      <SignUpForm onSuccess={() => navigate(AFTER_SIGN_IN_PATH, { replace: true })} />
    </AuthLayout>
  );
}
