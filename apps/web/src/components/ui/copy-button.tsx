import { Check, Copy } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';

interface CopyButtonProps {
  value: string;
  /** What is copied, in words: names the button ('Copy transaction ID') and the toast. */
  label: string;
  /** The toast after a copy; 'Copied {label} successfully' unless the screen's SPEC names another. */
  successMessage?: string;
  className?: string;
}

/** A small icon button that copies a value; it shows a tick for a moment after a successful copy. */
export function CopyButton({ value, label, successMessage, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function onClick(event: MouseEvent) {
    // Copy buttons sit inside clickable rows; copying must not open the row too.
    event.stopPropagation();
    setCopied(await copyText(value, successMessage ?? `Copied ${label} successfully`));
  }

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 transition-colors',
        'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      <Icon className={cn('size-3.5', copied && 'text-emerald-700')} aria-hidden="true" />
    </button>
  );
}
