import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

export const COPIED = 'Copied to clipboard';
const MASK = '•'.repeat(8);

/** `bzk_test_••••…Bz9k`: the prefix says which key it is and the last four tell two keys apart, the rest hidden. */
function maskSecret(value: string): string {
  const prefix = /^(bzk_(?:test|live)_|whsec_)/.exec(value)?.[1] ?? '';
  return `${prefix}${MASK}${value.slice(-4)}`;
}

interface SecretFieldProps {
  /** Names the field and its buttons: 'API key' -> 'Show API key', 'Copy API key'. */
  label: string;
  value: string;
  hint?: string;
}

/** A read-only secret, masked until shown (aria-pressed says which), with copy beside it. */
export function SecretField({ label, value, hint }: SecretFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={shown ? value : maskSecret(value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          spellCheck={false}
          className={cn(inputClasses(false), 'min-w-0 flex-1 truncate bg-slate-50 font-mono text-sm')}
        />
        <button
          type="button"
          aria-pressed={shown}
          aria-label={`Show ${label}`}
          title={shown ? `Hide ${label}` : `Show ${label}`}
          onClick={() => setShown((value) => !value)}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
        <CopyButton
          value={value}
          label={label}
          successMessage={COPIED}
          className="size-10 rounded-lg ring-1 ring-slate-300 ring-inset"
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
