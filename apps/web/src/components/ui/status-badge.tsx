import type { StatusTone } from '@bizdash/shared';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = StatusTone | 'default' | 'blue';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  default: 'bg-white text-slate-700 ring-slate-300',
};

interface StatusBadgeProps extends ComponentProps<'span'> {
  tone: BadgeTone | null;
}

export function StatusBadge({ tone, className, children, ...props }: StatusBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone ?? 'default'],
        className,
      )}
      {...props}
    >
      <span className="size-1.5 rounded-full bg-current opacity-70" aria-hidden="true" />
      {children}
    </span>
  );
}
