import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

/** A link inside running text on the sign-in pages (to the other page, to a reset). */
export function TextLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cn(
        'rounded-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        className,
      )}
      {...props}
    />
  );
}
