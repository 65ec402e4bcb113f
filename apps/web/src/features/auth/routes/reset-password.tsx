import { RESET_LINK_INVALID, ResetPasswordRequestSchema } from '@bizdash/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useLinkToken } from '../use-link-token';

/** A token that cannot be right (missing, cut short when copied) is refused here, without asking the server. */
function incompleteLinkMessage(token: string): string | null {
  const checked = ResetPasswordRequestSchema.shape.token.safeParse(token);
  return checked.success ? null : (checked.error.issues[0]?.message ?? RESET_LINK_INVALID);
}

/** Open to everyone, a signed-in merchant too: the link proves who it is for, and a reset signs everyone out. */
export function Component() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const [linkProblem, setLinkProblem] = useState(() => incompleteLinkMessage(token));

  if (linkProblem) {
    return (
      <AuthLayout title="This link does not work">
        <AuthNotice tone="problem" action={{ to: '/forgot-password', label: 'Ask for a new link' }}>
          {linkProblem}
        </AuthNotice>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      description="Once it is set, every device signed in to your account is signed out."
    >
      <ResetPasswordForm
        token={token}
        onSuccess={() => navigate('/signin', { replace: true })}
        onLinkInvalid={setLinkProblem}
      />
    </AuthLayout>
  );
}
