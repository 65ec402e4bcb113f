import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';

/** Above a payout page's title: the way back to the list. */
export function BackToPayouts() {
  return (
    <Link
      to="/payouts"
      className="mb-3 inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      Payouts
    </Link>
  );
}
