import { Link } from 'react-router';
import { SandboxProviderLayout } from '@/components/layouts/sandbox-provider-layout';
import { buttonClasses } from '@/components/ui/button';
import { useSandboxSession } from '../api/sandbox-session';
import { SandboxKycForm } from '../components/sandbox-kyc-form';
import { SandboxKycResult } from '../components/sandbox-kyc-result';

/** The sandbox identity provider's widget (/kyc/sandbox?session=...): what a real provider hosts itself. */
export function Component() {
  return (
    <SandboxProviderLayout
      title="Verify your identity"
      explanation="This is the sandbox identity provider: no real check happens and nothing leaves this server. The test number you enter decides the outcome."
      useSession={useSandboxSession}
      noSession="This verification link is not valid or has expired. Start again from Bizdash."
      loading="Loading the verification..."
      returnLink={
        <Link to="/settings/documents" className={buttonClasses('secondary', 'lg')}>
          Return to Bizdash
        </Link>
      }
    >
      {(session) =>
        session.status === 'OPEN' ? (
          <SandboxKycForm session={session} />
        ) : (
          <SandboxKycResult session={session} />
        )
      }
    </SandboxProviderLayout>
  );
}
