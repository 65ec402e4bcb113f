import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. the link to the other auth page. */
  aside?: ReactNode;
  width?: 'md' | 'lg';
}

/** The centred card used by sign-in, sign-up and other public pages. */
export function AuthLayout({ title, description, children, aside, width = 'md' }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]">
      <header className="flex justify-center px-4 pt-10 pb-6 sm:pt-14">
        <Link
          to="/"
          aria-label="Bizdash home"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
        >
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pb-10">
        <div
          className={cn(
            'w-full rounded-2xl bg-white px-6 py-8 shadow-xl shadow-brand-950/5 ring-1 ring-slate-900/5 sm:px-10 sm:py-10',
            width === 'md' ? 'max-w-md' : 'max-w-xl',
          )}
        >
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
        {aside ? <div className="mt-6 text-center text-sm text-slate-700">{aside}</div> : null}
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} Bizdash. Payments and wallets for your business.
      </footer>
    </div>
  );
}
