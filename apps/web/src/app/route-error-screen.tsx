import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button, buttonClasses } from '@/components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong while showing this page.';
}

/** The router's generic fallback (SPEC section 2). */
export function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <AuthLayout title="Unexpected Application Error!" description={describe(error)}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="flex-1" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Link to="/" className={`${buttonClasses('secondary')} flex-1`}>
          Go to the dashboard
        </Link>
      </div>
    </AuthLayout>
  );
}
