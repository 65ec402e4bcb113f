import { EnableTwoFactorRequestSchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useEnableTwoFactor } from './api/recovery-codes';

/**
 * The enrolment's state: turning two-factor on, the recovery codes it answers with (shown this once), and closing,
 * which is refused while the code is being checked and forgets both.
 */
export function useTwoFactorSetupModal(userId: string, onOpenChange: (open: boolean) => void) {
  const enable = useEnableTwoFactor(userId);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const close = () => {
    if (enable.isPending) return;
    enable.reset();
    setRecoveryCodes(null);
    onOpenChange(false);
  };
  return { enable, recoveryCodes, onEnabled: setRecoveryCodes, close };
}

export interface ScanStepHandlers {
  enable: ReturnType<typeof useEnableTwoFactor>;
  onEnabled: (recoveryCodes: string[]) => void;
  /** The server no longer holds this secret: start again with a new QR code. */
  onSetupMissing: () => void;
}

/** The code from the app and its check: a wrong code stays on its field; a forgotten secret starts again. */
export function useScanStep({ enable, onEnabled, onSetupMissing }: ScanStepHandlers) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(EnableTwoFactorRequestSchema),
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: (response) => onEnabled(response.recoveryCodes),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_CODE_INCORRECT') {
          setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
        } else if (error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_MISSING') {
          toast.error(error.message);
          onSetupMissing();
        } else if (!applyServerFieldErrors(error, setError, ['code'])) toast.error(error.message);
      },
    }),
  );
  return { register, errors, onSubmit };
}
