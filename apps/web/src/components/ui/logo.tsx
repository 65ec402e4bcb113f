import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The Bizdash mark, drawn locally (same drawing as public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" fill="none" aria-hidden="true" className={cn('shrink-0', className ?? 'size-8')}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop stopColor="#2851d9" />
          <stop offset="1" stopColor="#0c1a42" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <rect x="8.5" y="6.5" width="4" height="19" rx="2" fill="#fff" />
      <circle cx="17" cy="19" r="5.5" stroke="#fff" strokeWidth="4" />
      <circle cx="24.5" cy="8.5" r="2" fill="#7dd3fc" />
    </svg>
  );
}

export function Logo({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn('text-xl font-bold tracking-tight', tone === 'dark' ? 'text-slate-900' : 'text-white')}
      >
        Bizdash
      </span>
    </span>
  );
}
