import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

/** Label, control, hint and error, wired together so the label names the input and the error describes it. */
export function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function inputClasses(invalid: boolean): string {
  return cn(
    'block h-11 w-full rounded-lg border bg-white px-3.5 text-[15px] text-slate-900 shadow-xs transition',
    'placeholder:text-slate-500 focus:outline-none focus:ring-4 disabled:bg-slate-100 disabled:text-slate-600',
    invalid
      ? 'border-red-600 focus:border-red-600 focus:ring-red-100'
      : 'border-slate-300 hover:border-slate-400 focus:border-brand-600 focus:ring-brand-100',
  );
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  containerClassName?: string;
  /** Content drawn inside the input's right edge (e.g. a show/hide button). */
  trailing?: ReactNode;
}

export function TextField({
  label,
  error,
  hint,
  containerClassName,
  trailing,
  className,
  ...props
}: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses(Boolean(error)), trailing ? 'pr-12' : undefined, className)}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
    </FieldShell>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Icon className="size-5" aria-hidden="true" />
        </button>
      }
    />
  );
}
