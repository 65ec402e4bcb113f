import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundScreen() {
  return (
    <AuthLayout
      title="Page not found"
      description="The page you are looking for does not exist or has moved. Check the address, or head back home."
    >
      <p className="mb-6 font-mono text-5xl font-semibold tracking-tight text-brand-900" aria-hidden="true">
        404
      </p>
      <Link to="/" className={`${buttonClasses('primary', 'lg')} w-full`}>
        Back to home
      </Link>
    </AuthLayout>
  );
}
