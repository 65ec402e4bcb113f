import type { TwoFactorSetupResponse } from '@bizdash/shared';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormModal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { type ScanStepHandlers, useScanStep, useTwoFactorSetupModal } from '../use-two-factor-setup-modal';
import { RecoveryCodesModal } from './recovery-codes';
import { TwoFactorCodeField } from './two-factor-code-field';

/** The key as people copy it by eye: groups of four. */
const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The set-up the modal shows: the new secret once it arrived, or why it did not. */
interface TwoFactorSetup {
  data: TwoFactorSetupResponse | undefined;
  error: Error | null;
  /** Asks the server for a new secret (and so a new QR code). */
  restart: () => void;
}

interface TwoFactorSetupModalProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: TwoFactorSetup;
}

const SETUP_FORM_ID = 'two-factor-setup-form';

interface ScanStepProps extends ScanStepHandlers {
  setup: TwoFactorSetupResponse;
}

function ScanStep({ setup, ...handlers }: ScanStepProps) {
  const { register, errors, onSubmit } = useScanStep(handlers);
  return (
    <form
      id={SETUP_FORM_ID}
      noValidate
      aria-label="Turn on two-factor authentication"
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
    >
      <ol className="flex flex-col gap-5 text-sm text-slate-700">
        <li className="flex flex-col gap-3">
          <p>
            <span className="font-semibold text-slate-900">1. Scan this QR code</span> with an authenticator
            app on your phone, such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.
          </p>
          <img
            src={setup.qrCodeDataUrl}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="size-44 self-center rounded-lg bg-white p-2 ring-1 ring-slate-200"
          />
          <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
            <p className="text-slate-600">Can't scan? Enter this key</p>
            <div className="mt-1 flex items-center justify-between gap-2">
              <code
                data-testid="two-factor-secret"
                className="font-mono text-[15px] font-medium break-words text-slate-900"
              >
                {groupsOfFour(setup.secret)}
              </code>
              <CopyButton value={setup.secret} label="setup key" />
            </div>
          </div>
        </li>
        <li className="flex flex-col gap-3">
          <p>
            <span className="font-semibold text-slate-900">2. Enter the 6-digit code</span> the app shows for
            Bizdash.
          </p>
          <TwoFactorCodeField
            containerClassName="sm:max-w-56"
            error={errors.code?.message}
            {...register('code')}
          />
        </li>
      </ol>
    </form>
  );
}

/**
 * Enrolment in two steps: scan the QR code and confirm a code from the app (two-factor turns on), then keep the
 * recovery codes, which are shown this once.
 */
export function TwoFactorSetupModal({ userId, open, onOpenChange, setup }: TwoFactorSetupModalProps) {
  const { enable, recoveryCodes, onEnabled, close } = useTwoFactorSetupModal(userId, onOpenChange);

  if (recoveryCodes) {
    return (
      <RecoveryCodesModal
        open={open}
        title="Save your recovery codes"
        description="Two-factor authentication is on. If you lose your phone, each of these codes lets you sign in once instead of a code from the app."
        codes={recoveryCodes}
        onDone={close}
      />
    );
  }

  return (
    <FormModal
      open={open}
      onClose={close}
      title="Set up two-factor authentication"
      description="After your password, Bizdash will ask for a code from your phone."
      formId={SETUP_FORM_ID}
      submitLabel="Turn on"
      pending={enable.isPending}
      disabled={!setup.data}
    >
      {setup.data ? (
        // A new secret is a new form: nothing typed for the previous QR code carries over.
        <ScanStep
          key={setup.data.secret}
          setup={setup.data}
          enable={enable}
          onEnabled={onEnabled}
          onSetupMissing={setup.restart}
        />
      ) : setup.error ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-6 text-center">
          <p className="text-sm font-medium text-slate-900">{setup.error.message}</p>
          <Button variant="secondary" onClick={setup.restart}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="flex h-72 items-center justify-center">
          <Spinner className="size-8 text-brand-700" label="Preparing your QR code" />
        </div>
      )}
    </FormModal>
  );
}
