import { Link2Off, PackageX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CheckoutCard } from './checkout-shell';
import { MerchantIdentity } from './merchant-identity';
import { StateHeader } from './state-header';

const INVALID_LINK_MESSAGE = 'This payment link is not valid.';

/** A link nobody can pay through; the customer needs a new link from whoever shared it. */
export function InvalidLink() {
  return (
    <CheckoutCard className="p-6 sm:p-8">
      <StateHeader icon={Link2Off} tone="neutral" title={INVALID_LINK_MESSAGE}>
        Check that the address is complete, or ask the seller who shared it for a new link.
      </StateHeader>
    </CheckoutCard>
  );
}

interface ProductUnavailableProps {
  reason: 'SOLD_OUT' | 'ARCHIVED';
  productName: string;
  businessName: string;
  logoUrl: string | null;
}

interface LoadFailedProps {
  title: string;
  children: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A page that could not be loaded: the server's words, and a retry when trying again can help. */
export function LoadFailed({ title, children, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <CheckoutCard className="p-6 sm:p-8">
      <div role="alert">
        <StateHeader icon={TriangleAlert} tone="danger" title={title}>
          {children}
        </StateHeader>
      </div>
      {onRetry ? (
        <Button variant="secondary" size="lg" className="mt-6 w-full" onClick={onRetry} pending={retrying}>
          Retry
        </Button>
      ) : null}
    </CheckoutCard>
  );
}

/** Sold out or withdrawn: nothing to pay for, so no form. */
export function ProductUnavailable({ reason, productName, businessName, logoUrl }: ProductUnavailableProps) {
  const soldOut = reason === 'SOLD_OUT';
  return (
    <CheckoutCard>
      <div className="border-b border-slate-200 bg-slate-50 px-6 py-4 sm:px-8">
        <MerchantIdentity businessName={businessName} logoUrl={logoUrl} />
      </div>
      <div className="p-6 sm:p-8">
        <StateHeader
          icon={PackageX}
          tone="neutral"
          title={soldOut ? 'This product is sold out' : 'This product is no longer available'}
        >
          {soldOut
            ? `${businessName} has no ${productName} left right now. Please check back later.`
            : `${businessName} no longer sells ${productName} through this link.`}
        </StateHeader>
      </div>
    </CheckoutCard>
  );
}

/** The acquirer is still deciding; the page asks again every second and moves on by itself. */
export function PaymentProcessing() {
  return (
    <div className="flex flex-col items-center py-6 text-center" role="status">
      <Spinner className="size-10 text-brand-700" />
      <h1 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">Processing your payment...</h1>
      <p className="mt-2 max-w-sm text-sm/6 text-slate-600">
        This usually takes a few seconds. Please keep this page open.
      </p>
    </div>
  );
}

/**
 * A hosted payment not settled yet: the customer is back from (or left) the acquirer's page, and the page asks it
 * every few seconds. They can go back to that page to finish, or start again.
 */
export function PaymentAwaitingHostedPage({
  redirectUrl,
  onStartAgain,
}: {
  redirectUrl: string | null;
  onStartAgain: () => void;
}) {
  return (
    <div className="flex flex-col items-center py-6 text-center" role="status">
      <Spinner className="size-10 text-brand-700" />
      <h1 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">
        Waiting for your payment...
      </h1>
      <p className="mt-2 max-w-sm text-sm/6 text-slate-600">
        We are checking with our payment partner. If you have not paid yet, finish on their secure page.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {redirectUrl ? (
          <a href={redirectUrl} className={buttonClasses('primary')}>
            Continue to payment
          </a>
        ) : null}
        <Button variant="secondary" onClick={onStartAgain}>
          Start again
        </Button>
      </div>
    </div>
  );
}

const bone = 'animate-pulse rounded-md bg-slate-200/80';

/** The checkout's outline while the product loads, so nothing jumps when it arrives. */
export function CheckoutSkeleton() {
  return (
    <CheckoutCard className="md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <span className="sr-only" role="status">
        Loading checkout
      </span>
      <div aria-hidden="true" className="flex flex-col gap-6 bg-slate-50 p-5 sm:p-8">
        <div className="flex items-center gap-3">
          <span className={`size-11 rounded-xl ${bone}`} />
          <span className={`h-4 w-40 ${bone}`} />
        </div>
        <div className="flex flex-col gap-3">
          <span className={`h-7 w-3/4 ${bone}`} />
          <span className={`h-4 w-full ${bone}`} />
          <span className={`h-4 w-2/3 ${bone}`} />
        </div>
        <span className={`h-11 w-full ${bone}`} />
        <span className={`h-24 w-full ${bone}`} />
      </div>
      <div aria-hidden="true" className="flex flex-col gap-5 p-5 sm:p-8">
        {['name', 'email', 'card', 'expiry'].map((field) => (
          <div key={field} className="flex flex-col gap-2">
            <span className={`h-4 w-28 ${bone}`} />
            <span className={`h-11 w-full ${bone}`} />
          </div>
        ))}
        <span className={`h-12 w-full ${bone}`} />
      </div>
    </CheckoutCard>
  );
}
