import type { Permission } from '@bizdash/shared';
import { Lock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
import { EmptyState } from './empty-state';

interface RoleTooltipProps {
  /** "Only an owner, admin or finance member can make payouts". */
  reason: string;
  children: ReactNode;
  className?: string;
}

/**
 * A disabled action's wrapper that says which role can use it: a disabled button takes no focus and no hover, so
 * the wrapper does (keyboard users reach it with Tab), shows the sentence on hover and focus, and names it as its
 * description for assistive technology.
 */
export function RoleTooltip({ reason, children, className }: RoleTooltipProps) {
  const id = useId();
  return (
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled action inside takes no focus; its wrapper does, so keyboard users reach the reason
      tabIndex={0}
      aria-describedby={id}
      data-testid="role-required"
      className={cn(
        'group/role relative inline-flex max-w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        className={cn(
          'pointer-events-none invisible absolute top-full right-0 z-30 mt-2 w-max max-w-[min(18rem,calc(100vw-2rem))]',
          'rounded-lg bg-slate-900 px-3 py-2 text-left text-xs leading-snug font-medium whitespace-normal text-white shadow-lg',
          'opacity-0 transition-opacity group-hover/role:visible group-hover/role:opacity-100',
          'group-focus-visible/role:visible group-focus-visible/role:opacity-100',
        )}
      >
        {reason}
      </span>
    </span>
  );
}

interface PermissionGateProps {
  permission: Permission;
  /** The action, disabled when not allowed: `(allowed) => <Button disabled={!allowed}>…</Button>`. */
  children: (allowed: boolean) => ReactNode;
  className?: string;
}

/**
 * An action the acting role may not be able to use (issue 23 §2): allowed, it is shown as it is; not allowed, it is
 * shown disabled inside a RoleTooltip saying which roles can. Never a button that fails.
 */
export function PermissionGate({ permission, children, className }: PermissionGateProps) {
  const { allowed, reason } = useCan(permission);
  if (allowed) return <>{children(true)}</>;
  return (
    <RoleTooltip reason={reason} className={className}>
      {children(false)}
    </RoleTooltip>
  );
}

interface RequirePermissionProps {
  permission: Permission;
  /** What the page is, as the heading of the refusal: 'New payout'. */
  title: string;
  children: ReactNode;
}

/** A page only some roles can use: anyone else reaching its address is told which roles can, and nothing is sent. */
export function RequirePermission({ permission, title, children }: RequirePermissionProps) {
  const { allowed, reason } = useCan(permission);
  if (allowed) return <>{children}</>;
  return <EmptyState icon={Lock} title={title} description={`${reason}.`} />;
}
