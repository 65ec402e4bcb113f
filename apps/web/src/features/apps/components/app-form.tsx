import {
  APP_DESCRIPTION_MAX,
  type AppForm as AppFormValues,
  type AppInput,
  AppInputSchema,
  TEXT_LIMITS,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';

const APP_FIELDS = ['name', 'description'] as const;

interface AppFormProps {
  label: string;
  values: AppFormValues;
  /** Sends the input; a failure's field errors land on their fields. */
  onSubmit: (input: AppInput, onError: (error: Error) => void) => void;
  /** The buttons, given whether the form differs from `values`. */
  actions: (state: { dirty: boolean; reset: () => void }) => ReactNode;
}

/** An app's own fields (the shared AppInputSchema): its name, which is its businessName, and a description. */
export function AppForm({ label, values, onSubmit, actions }: AppFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<AppFormValues, unknown, AppInput>({
    resolver: zodResolver(AppInputSchema),
    values,
    mode: 'onTouched',
  });
  const descriptionId = useId();
  return (
    <form
      noValidate
      aria-label={label}
      className="flex flex-col gap-5"
      onSubmit={handleSubmit((input) =>
        onSubmit(input, (error) => applyServerFieldErrors<AppFormValues>(error, setError, APP_FIELDS)),
      )}
    >
      <TextField
        label="App name"
        maxLength={TEXT_LIMITS.businessName}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <FieldShell id={descriptionId} label="Description" error={errors.description?.message}>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={APP_DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className={cn(inputClasses(Boolean(errors.description)), 'h-auto resize-y py-2.5')}
          {...register('description')}
        />
      </FieldShell>
      <div className="flex flex-wrap justify-end gap-3">
        {actions({ dirty: isDirty, reset: () => reset(values) })}
      </div>
    </form>
  );
}
