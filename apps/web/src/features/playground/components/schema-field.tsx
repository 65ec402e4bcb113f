import { type ReactNode, useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import type { FieldValue, FormField } from '../request-draft';

interface SchemaFieldProps {
  field: FormField;
  value: FieldValue;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}

/** Descriptions can run to a paragraph; the form shows their first sentence. */
function firstSentence(text: string): string {
  const end = text.search(/\.\s/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function Hint({ id, field }: { id: string; field: FormField }) {
  const parts = [
    field.description ? firstSentence(field.description) : null,
    field.defaultValue !== undefined ? `Default: ${JSON.stringify(field.defaultValue)}.` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p id={id} className="text-xs text-slate-600">
      {parts.join(' ')}
    </p>
  );
}

/** One input drawn from its schema: a select for an enum, a checkbox, a number, JSON text, a file or text. */
export function SchemaField({ field, value, error, onChange }: SchemaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const label = field.name === '' ? 'Request body (JSON)' : field.name;
  const describedBy = error
    ? errorId
    : field.description || field.defaultValue !== undefined
      ? hintId
      : undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const text = typeof value === 'string' ? value : '';
  const labelText = (
    <>
      <code className="font-mono">{label}</code>
      {/* A real space, so the field is read as "amount required", not "amountrequired". */}
      {field.required ? (
        <>
          {' '}
          <span className="ml-0.5 rounded bg-red-50 px-1 text-[11px] font-medium text-red-800">required</span>
        </>
      ) : null}
    </>
  );

  if (field.kind === 'boolean') {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className="size-4 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor={id} className="text-sm text-slate-800">
            {labelText}
            {value === '' ? <span className="ml-1 text-xs text-slate-500"> (not sent)</span> : null}
          </label>
        </div>
        <Hint id={hintId} field={field} />
        {error ? <FieldError id={errorId} error={error} /> : null}
      </div>
    );
  }

  let control: ReactNode;
  if (field.kind === 'enum') {
    control = (
      <select
        {...common}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses(Boolean(error))}
      >
        <option value="">{field.required ? 'Choose…' : '(not sent)'}</option>
        {field.options?.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'json') {
    control = (
      <textarea
        {...common}
        value={text}
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses(Boolean(error)), 'h-auto py-2 font-mono text-xs')}
      />
    );
  } else if (field.kind === 'file') {
    control = (
      <input
        {...common}
        type="file"
        multiple={field.multiple}
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={field.kind === 'number' ? 'number' : 'text'}
        step={field.kind === 'number' ? 'any' : undefined}
        value={text}
        placeholder={field.format}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses(Boolean(error)), 'h-10 font-mono text-sm')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-800">
        {labelText}
      </label>
      {control}
      {error ? <FieldError id={errorId} error={error} /> : <Hint id={hintId} field={field} />}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string }) {
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}
