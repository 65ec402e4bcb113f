import { useState } from 'react';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { TextLink } from '../components/text-link';

export function Component() {
  const [sent, setSent] = useState<string | null>(null);
  if (sent) {
    return (
      <AuthLayout title="Check your email">
        <AuthNotice tone="success" action={{ to: '/signin', label: 'Back to sign in' }}>
          {sent}
        </AuthNotice>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email address you sign in with and we will email you a link to choose a new password."
      aside={
        <>
          Remembered it? <TextLink to="/signin">Sign in</TextLink>
        </>
      }
    >
      <ForgotPasswordForm onSent={setSent} />
    </AuthLayout>
  );
}
