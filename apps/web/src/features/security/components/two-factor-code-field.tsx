import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/form-field';

/** Room for a pasted "123 456": the shared schema drops the space. */
const APP_CODE_MAX_LENGTH = 7;

type TwoFactorCodeFieldProps = Omit<ComponentProps<typeof TextField>, 'label'> & {
  label?: string;
  /** Also takes a recovery code (letters and a dash), so no numeric keypad and no length limit. */
  acceptsRecoveryCode?: boolean;
};

/** The code from the authenticator app: the phone's number pad, and the one-time code the keyboard suggests. */
export function TwoFactorCodeField({
  label = 'Code from your app',
  acceptsRecoveryCode = false,
  ...props
}: TwoFactorCodeFieldProps) {
  return (
    <TextField
      label={label}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      {...(acceptsRecoveryCode
        ? { placeholder: '123456 or xxxxx-xxxxx' }
        : { inputMode: 'numeric', maxLength: APP_CODE_MAX_LENGTH, placeholder: '123456' })}
      className={acceptsRecoveryCode ? 'font-mono' : 'font-mono tracking-[0.2em]'}
      {...props}
    />
  );
}
