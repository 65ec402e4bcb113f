import {
  KYC_ID_NUMBER_RULES,
  KYC_ID_TYPE_LABELS,
  KYC_ID_TYPES,
  KYC_SELFIE_ACCEPT,
  KYC_SELFIE_INVALID,
  KYC_SELFIE_REQUIRED,
  type KycIdType,
  type KycSubmission,
  type KycSubmissionInput,
  KycSubmissionSchema,
  type SandboxKycSession,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Camera } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { useSubmitSandboxKyc } from '../api/sandbox-session';

const ID_PLACEHOLDERS: Record<KycIdType, string> = {
  BVN: '11 digits',
  NIN: '11 digits',
  PASSPORT: 'A12345678',
  SSN_LAST4: 'Last 4 digits',
};

interface SandboxKycFormProps {
  session: SandboxKycSession;
}

const SELFIE_TYPES = KYC_SELFIE_ACCEPT.split(',');

/** The selfie: a phone opens its front camera (capture="user"); a computer picks a file. Shown before sending. */
function SelfieField({
  file,
  error,
  onChange,
}: {
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null, error: string | undefined) => void;
}) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800">Selfie</span>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200">
          {preview ? (
            <img src={preview} alt="Your selfie" className="size-full object-cover" />
          ) : (
            <Camera aria-hidden className="size-7 text-slate-400" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label
            htmlFor={inputId}
            className="inline-flex h-10 w-fit cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 focus-within:ring-4 focus-within:ring-brand-100"
          >
            {file ? 'Retake or choose another' : 'Take or upload a selfie'}
            <input
              id={inputId}
              type="file"
              accept={KYC_SELFIE_ACCEPT}
              capture="user"
              className="sr-only"
              aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                const picked = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!picked) return;
                if (!SELFIE_TYPES.includes(picked.type)) return onChange(null, KYC_SELFIE_INVALID);
                onChange(picked, undefined);
              }}
            />
          </label>
          <p id={`${inputId}-hint`} className="text-xs text-slate-600">
            Your face, well lit, looking at the camera (JPEG or PNG).
          </p>
        </div>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The widget's form: ID type, number, date of birth and a selfie, checked as the API checks them. */
export function SandboxKycForm({ session }: SandboxKycFormProps) {
  const submit = useSubmitSandboxKyc(session.sessionId);
  const selectId = useId();
  const [selfie, setSelfie] = useState<File | null>(null);
  const [selfieError, setSelfieError] = useState<string | undefined>();
  const form = useForm<KycSubmissionInput, unknown, KycSubmission>({
    resolver: zodResolver(KycSubmissionSchema),
    defaultValues: { idType: 'BVN', idNumber: '', dateOfBirth: '' },
    mode: 'onTouched',
  });
  const idType = form.watch('idType');
  const rule = KYC_ID_NUMBER_RULES[idType];
  const hints = session.testNumbers.filter((test) => test.idType === idType);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Verify your identity"
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        const missingSelfie = !selfie && !session.hasSelfie;
        if (missingSelfie) setSelfieError(KYC_SELFIE_REQUIRED);
        void form.handleSubmit((values) => {
          if (!missingSelfie) submit.mutate({ submission: values, selfie });
        })(event);
      }}
    >
      <FieldShell id={selectId} label="ID type" error={errors.idType?.message}>
        <select
          id={selectId}
          className={inputClasses(Boolean(errors.idType))}
          {...form.register('idType', {
            onChange: () => {
              if (form.getFieldState('idNumber').isTouched) void form.trigger('idNumber');
            },
          })}
        >
          {KYC_ID_TYPES.map((type) => (
            <option key={type} value={type}>
              {KYC_ID_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </FieldShell>

      <TextField
        label={rule.label}
        autoComplete="off"
        inputMode={idType === 'PASSPORT' ? 'text' : 'numeric'}
        maxLength={20}
        placeholder={ID_PLACEHOLDERS[idType]}
        error={errors.idNumber?.message}
        {...form.register('idNumber')}
      />

      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
        error={errors.dateOfBirth?.message}
        {...form.register('dateOfBirth')}
      />

      <SelfieField
        file={selfie}
        error={selfieError}
        onChange={(file, error) => {
          setSelfie(file);
          setSelfieError(error);
        }}
      />

      <div className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
        <p className="font-medium">Sandbox test numbers for {KYC_ID_TYPE_LABELS[idType]}</p>
        <ul className="mt-2 flex flex-col gap-1.5">
          {hints.map((hint) => (
            <li key={hint.number} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                type="button"
                className="rounded font-mono font-semibold underline decoration-amber-400 underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700"
                aria-label={`Use ${hint.number} (${hint.outcome})`}
                onClick={() =>
                  form.setValue('idNumber', hint.number, { shouldValidate: true, shouldTouch: true })
                }
              >
                {hint.number}
              </button>
              <span className="text-amber-900">{hint.outcome}</span>
            </li>
          ))}
        </ul>
      </div>

      {submit.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {submit.error.message}
        </p>
      ) : null}

      <Button type="submit" size="lg" pending={submit.isPending}>
        {submit.isPending ? 'Please wait...' : 'Submit verification'}
      </Button>
    </form>
  );
}
