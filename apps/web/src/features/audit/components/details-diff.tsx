import { cn } from '@/lib/cn';

/** 'previousSecretExpiresAt' or 'bank_code' -> 'Previous secret expires at', 'Bank code'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A recorded value as text: strings as they are, nothing as 'None', anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

interface Change {
  field: string | null;
  before: unknown;
  after: unknown;
}

/** The fields that changed between two records (or the one value, when they are not records). */
function changesOf(before: unknown, after: unknown): Change[] {
  if (!isRecord(before) && !isRecord(after)) return [{ field: null, before, after }];
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: was[field], after: now[field] }));
}

const valueClasses = 'rounded px-1.5 py-0.5 font-mono text-xs break-all no-underline';

/** Before and after of a change, field by field: the old value struck out in red, the new one in green. */
export function DetailsDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = changesOf(before, after);
  if (changes.length === 0) return <p className="text-sm text-slate-600">Nothing changed.</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="audit-diff">
      {changes.map((change) => (
        <li key={change.field ?? 'value'} className="min-w-0">
          {change.field ? <p className="text-sm text-slate-600">{fieldLabel(change.field)}</p> : null}
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <del className={cn(valueClasses, 'bg-red-50 text-red-800 line-through')}>
              <span className="sr-only">Before: </span>
              {valueText(change.before)}
            </del>
            <span aria-hidden="true" className="text-slate-500">
              →
            </span>
            <ins className={cn(valueClasses, 'bg-emerald-50 text-emerald-800')}>
              <span className="sr-only">After: </span>
              {valueText(change.after)}
            </ins>
          </p>
        </li>
      ))}
    </ul>
  );
}
