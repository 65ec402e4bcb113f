import { KYC_ID_TYPE_LABELS, KYC_ID_TYPES, type KycIdType, type SandboxKycSession } from '@bizdash/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { useSandboxKycForm } from '../use-sandbox-kyc-form';
import { SelfieField } from './selfie-field';

const ID_PLACEHOLDERS: Record<KycIdType, string> = {
  BVN: '11 digits',
  NIN: '11 digits',
  PASSPORT: 'A12345678',
  SSN_LAST4: 'Last 4 digits',
};

interface SandboxKycFormProps {
  session: SandboxKycSession;
}

/** The widget's form: ID type, number, date of birth and a selfie, checked as the API checks them. */
export function SandboxKycForm({ session }: SandboxKycFormProps) {
  const form = useSandboxKycForm(session);
  const { idType, rule, hints, errors } = form;
  const selectId = useId();

  return (
    <form
      noValidate
      aria-label="Verify your identity"
      className="flex flex-col gap-5"
      onSubmit={form.onSubmit}
    >
      <FieldShell id={selectId} label="ID type" error={errors.idType?.message}>
        <select id={selectId} className={inputClasses(Boolean(errors.idType))} {...form.idTypeField}>
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

      <SelfieField file={form.selfie} error={form.selfieError} onChange={form.changeSelfie} />

      <div className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
        <p className="font-medium">Sandbox test numbers for {KYC_ID_TYPE_LABELS[idType]}</p>
        <ul className="mt-2 flex flex-col gap-1.5">
          {hints.map((hint) => (
            <li key={hint.number} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                type="button"
                className="rounded font-mono font-semibold underline decoration-amber-400 underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700"
                aria-label={`Use ${hint.number} (${hint.outcome})`}
                onClick={() => form.chooseTestNumber(hint.number)}
              >
                {hint.number}
              </button>
              <span className="text-amber-900">{hint.outcome}</span>
            </li>
          ))}
        </ul>
      </div>

      {form.submitError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {form.submitError.message}
        </p>
      ) : null}

      <Button type="submit" size="lg" pending={form.submitting}>
        {form.submitting ? 'Please wait...' : 'Submit verification'}
      </Button>
    </form>
  );
}
