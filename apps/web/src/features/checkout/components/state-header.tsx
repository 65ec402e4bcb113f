import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  danger: 'bg-red-50 text-red-700 ring-red-600/20',
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const;

interface StateHeaderProps {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  children?: ReactNode;
}

/** The icon, the page's one heading and a sentence: what happened, at a glance. */
export function StateHeader({ icon: Icon, tone, title, children }: StateHeaderProps) {
  return (
    <div className="flex flex-col items-center text-center">
      <span
        className={cn('flex size-14 items-center justify-center rounded-full ring-1 ring-inset', tones[tone])}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children ? <div className="mt-2 max-w-sm text-sm/6 text-slate-600">{children}</div> : null}
    </div>
  );
}
