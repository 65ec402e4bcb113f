import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { LogoMark } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

interface CheckoutShellProps {
  children: ReactNode;
  /** 'wide' holds the two-column checkout; 'narrow' a single state (OTP, receipt, failure). */
  width?: 'wide' | 'narrow';
  title?: string;
}

/** The customer's page: no dashboard chrome, one centred card and who keeps the payment safe. */
export function CheckoutShell({ children, width = 'narrow', title }: CheckoutShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_55%)]">
      {title ? <title>{title}</title> : null}
      <main className="flex flex-1 justify-center px-3 pt-6 pb-6 sm:px-6 sm:pt-14">
        <div className={cn('w-full', width === 'wide' ? 'max-w-4xl' : 'max-w-md')}>{children}</div>
      </main>
      <footer className="flex justify-center px-4 pb-8 text-xs text-slate-600 print:hidden">
        <p className="inline-flex items-center gap-1.5 font-medium text-slate-700">
          <Lock className="size-3.5" aria-hidden="true" />
          Secured by
          <span className="inline-flex items-center gap-1 font-semibold text-slate-900">
            <LogoMark className="size-4" />
            Bizdash
          </span>
        </p>
      </footer>
    </div>
  );
}

/** The white card every checkout state sits in. */
export function CheckoutCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'overflow-hidden rounded-2xl bg-white shadow-xl shadow-brand-950/5 ring-1 ring-slate-900/5',
        className,
      )}
    >
      {children}
    </div>
  );
}
