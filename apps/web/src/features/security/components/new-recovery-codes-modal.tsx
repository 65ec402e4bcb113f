import { RegenerateRecoveryCodesRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormModal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useRegenerateRecoveryCodes } from '../api/recovery-codes';
import { RecoveryCodesModal } from './recovery-codes';
import { TwoFactorCodeField } from './two-factor-code-field';

const FORM_ID = 'new-recovery-codes-form';

interface NewRecoveryCodesModalProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A code from the app makes ten new recovery codes, shown once; the old ones stop working. */
export function NewRecoveryCodesModal({ userId, open, onOpenChange }: NewRecoveryCodesModalProps) {
  const regenerate = useRegenerateRecoveryCodes(userId);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegenerateRecoveryCodesRequestSchema),
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  const close = () => {
    if (regenerate.isPending) return;
    regenerate.reset();
    reset();
    setRecoveryCodes(null);
    onOpenChange(false);
  };

  if (recoveryCodes) {
    return (
      <RecoveryCodesModal
        open={open}
        title="Save your new recovery codes"
        description="Your previous recovery codes no longer work. Each of these lets you sign in once instead of a code from the app."
        codes={recoveryCodes}
        onDone={close}
      />
    );
  }

  return (
    <FormModal
      open={open}
      onClose={close}
      title="New recovery codes"
      description="Your current recovery codes stop working as soon as the new ones are made. Enter a code from your authenticator app to continue."
      formId={FORM_ID}
      submitLabel="Generate new codes"
      pending={regenerate.isPending}
    >
      <form
        id={FORM_ID}
        noValidate
        aria-label="New recovery codes"
        onSubmit={handleSubmit((values) =>
          regenerate.mutate(values, {
            onSuccess: (response) => setRecoveryCodes(response.recoveryCodes),
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'TWO_FACTOR_CODE_INCORRECT') {
                setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
              } else if (!applyServerFieldErrors(error, setError, ['code'])) toast.error(error.message);
            },
          }),
        )}
      >
        <TwoFactorCodeField
          containerClassName="sm:max-w-56"
          error={errors.code?.message}
          {...register('code')}
        />
      </form>
    </FormModal>
  );
}
