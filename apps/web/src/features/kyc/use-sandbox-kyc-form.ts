import {
  KYC_ID_NUMBER_RULES,
  KYC_SELFIE_ACCEPT,
  KYC_SELFIE_INVALID,
  KYC_SELFIE_REQUIRED,
  type KycSubmission,
  type KycSubmissionInput,
  KycSubmissionSchema,
  type SandboxKycSession,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSubmitSandboxKyc } from './api/sandbox-session';

const SELFIE_TYPES = KYC_SELFIE_ACCEPT.split(',');

/**
 * The widget's form state: the ID details (checked as the API checks them), the selfie and why it is refused, the
 * session's test numbers for the chosen ID type, and the submission, which sends the selfie first.
 */
export function useSandboxKycForm(session: SandboxKycSession) {
  const submit = useSubmitSandboxKyc(session.sessionId);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [selfieError, setSelfieError] = useState<string | undefined>();
  const form = useForm<KycSubmissionInput, unknown, KycSubmission>({
    resolver: zodResolver(KycSubmissionSchema),
    defaultValues: { idType: 'BVN', idNumber: '', dateOfBirth: '' },
    mode: 'onTouched',
  });
  const idType = form.watch('idType');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missingSelfie = !selfie && !session.hasSelfie;
    if (missingSelfie) setSelfieError(KYC_SELFIE_REQUIRED);
    void form.handleSubmit((values) => {
      if (!missingSelfie) submit.mutate({ submission: values, selfie });
    })(event);
  };

  return {
    register: form.register,
    errors: form.formState.errors,
    idType,
    rule: KYC_ID_NUMBER_RULES[idType],
    hints: session.testNumbers.filter((test) => test.idType === idType),
    /** A number typed for another ID type is checked again against the new one, once it was touched. */
    idTypeField: form.register('idType', {
      onChange: () => {
        if (form.getFieldState('idNumber').isTouched) void form.trigger('idNumber');
      },
    }),
    chooseTestNumber: (number: string) =>
      form.setValue('idNumber', number, { shouldValidate: true, shouldTouch: true }),
    selfie,
    selfieError,
    changeSelfie: (file: File | null, error: string | undefined) => {
      setSelfie(file);
      setSelfieError(error);
    },
    onSubmit,
    submitError: submit.error,
    submitting: submit.isPending,
  };
}

/** The selfie's preview while it is chosen, and the picking of one: a file of another type is refused. */
export function useSelfieField(
  file: File | null,
  onChange: (file: File | null, error: string | undefined) => void,
) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    if (!SELFIE_TYPES.includes(picked.type)) return onChange(null, KYC_SELFIE_INVALID);
    onChange(picked, undefined);
  };

  return { preview, pick };
}
