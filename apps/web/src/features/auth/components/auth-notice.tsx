import { CircleCheck, Link2Off } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const tones = {
  success: {
    icon: CircleCheck,
    box: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
    mark: 'text-emerald-700',
  },
  problem: { icon: Link2Off, box: 'bg-amber-50 text-amber-950 ring-amber-200', mark: 'text-amber-700' },
} as const;

interface AuthNoticeProps {
  tone: keyof typeof tones;
  children: ReactNode;
  /** The one way on from here, drawn as the card's main button. */
  action: { to: string; label: string };
}

/**
 * A message in place of a form (the link is on its way, the link no longer works). It takes the focus, so
 * keyboard and screen-reader users are not left on a button that is gone.
 */
export function AuthNotice({ tone, children, action }: AuthNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { icon: Icon, box, mark } = tones[tone];
  return (
    <div ref={ref} tabIndex={-1} data-testid="auth-notice" className="flex flex-col gap-6 outline-none">
      <div className={cn('flex items-start gap-3 rounded-xl p-4 text-sm ring-1 ring-inset', box)}>
        <Icon className={cn('mt-0.5 size-5 shrink-0', mark)} aria-hidden="true" />
        <p>{children}</p>
      </div>
      <Link to={action.to} className={cn(buttonClasses('primary', 'lg'), 'w-full')}>
        {action.label}
      </Link>
    </div>
  );
}
