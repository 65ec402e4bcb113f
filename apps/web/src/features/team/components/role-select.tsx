import type { TeamRole } from '@bizdash/shared';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { ASSIGNABLE_ROLES, roleLabel } from '../roles';

interface RoleSelectProps {
  id?: string;
  label: string;
  value: TeamRole;
  onChange: (role: TeamRole) => void;
  disabled?: boolean;
  className?: string;
}

/** A select of the roles a member may be given (ownership moves only by transfer). */
export function RoleSelect({ id, label, value, onChange, disabled, className }: RoleSelectProps) {
  return (
    <select
      id={id}
      aria-label={id ? undefined : label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TeamRole)}
      className={cn(inputClasses(false), 'h-9 py-1 pr-8', className)}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}
