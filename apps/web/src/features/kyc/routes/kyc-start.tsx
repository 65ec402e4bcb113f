import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useStartKyc } from '../api/start-kyc';

const MISSING_CUSTOMER =
  'This link does not say whose identity to verify. Open it from Settings > Documents.';

/** /kyc?customerId=...: starts a verification with the identity provider and opens its widget. */
export function Component() {
  const [searchParams] = useSearchParams();
  const customerId = searchParams.get('customerId') ?? '';
  const start = useStartKyc();
  const started = useRef(false);
  const { mutate } = start;
  const navigate = useNavigate();

  useEffect(() => {
    // Once per visit, even when React runs effects twice.
    if (!customerId || started.current) return;
    started.current = true;
    mutate(customerId, {
      onSuccess: ({ widgetUrl }) => {
        // The sandbox's widget is a page of this app; a real provider's is on its own site.
        if (widgetUrl.startsWith('/') && !widgetUrl.startsWith('//'))
          void navigate(widgetUrl, { replace: true });
        else window.location.replace(widgetUrl);
      },
    });
  }, [customerId, mutate, navigate]);

  const error = customerId ? start.error?.message : MISSING_CUSTOMER;
  return (
    <AuthLayout title="Identity verification">
      {error ? (
        <div className="flex flex-col gap-6">
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </p>
          <Link to="/settings/documents" className={buttonClasses('secondary', 'lg')}>
            Back to Documents
          </Link>
        </div>
      ) : (
        <p className="flex items-center gap-3 text-sm text-slate-700" role="status">
          <Spinner className="size-5 text-brand-700" /> Opening the identity verification...
        </p>
      )}
    </AuthLayout>
  );
}
