import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import {
  type FieldLocation,
  type FieldValue,
  type FormField,
  type FormValues,
  isIdempotencyKey,
} from '../request-draft';
import { SchemaField } from './schema-field';

const SECTIONS: readonly { location: FieldLocation; title: string }[] = [
  { location: 'path', title: 'Path parameters' },
  { location: 'query', title: 'Query parameters' },
  { location: 'header', title: 'Headers' },
  { location: 'body', title: 'Body' },
];

interface RequestFieldsProps {
  fields: FormField[];
  values: FormValues;
  /** Shown once a send was tried. */
  errors: Record<string, string>;
  onChange: (key: string, value: FieldValue) => void;
}

/** The operation's fields, by where they go: path, query, headers, body. */
export function RequestFields({ fields, values, errors, onChange }: RequestFieldsProps) {
  const sections = SECTIONS.map((section) => ({
    ...section,
    fields: fields.filter((field) => field.location === section.location),
  })).filter((section) => section.fields.length > 0);
  if (sections.length === 0) {
    return <p className="text-sm text-slate-600">This operation takes no parameters and no body.</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section) => (
        <fieldset key={section.location} className="flex flex-col gap-4">
          <legend className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {section.title}
          </legend>
          {section.fields.map((field) => {
            const input = (
              <SchemaField
                field={field}
                value={values[field.key] ?? ''}
                error={errors[field.key]}
                onChange={(value) => onChange(field.key, value)}
              />
            );
            if (!isIdempotencyKey(field)) return <div key={field.key}>{input}</div>;
            // The key of a money-moving call: kept for a retry of the same call, replaced for a new one.
            return (
              <div key={field.key} className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">{input}</div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="sm:mt-7"
                  icon={<RefreshCw className="size-4" aria-hidden="true" />}
                  onClick={() => onChange(field.key, newIdempotencyKey())}
                >
                  New key
                </Button>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
