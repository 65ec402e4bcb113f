import type { TeamMember } from '@bizdash/shared';
import { Crown } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, PasswordField, TextField } from '@/components/ui/form-field';
import { FormModal } from '@/components/ui/modal';
import { RoleTooltip } from '@/components/ui/permission-gate';
import { ApiError } from '@/lib/api-error';
import { useCan } from '@/lib/permissions';
import { useTransferOwnership } from '../api/mutate-team';
import { memberName } from './member-actions';

const NO_ADMIN = 'Ownership can only be transferred to an admin of the team. Make them an admin first.';

interface Errors {
  memberId?: string;
  password?: string;
  code?: string;
  confirmed?: string;
}

function TransferForm({
  formId,
  admins,
  twoFactorOn,
  transfer,
  onDone,
}: {
  formId: string;
  admins: TeamMember[];
  twoFactorOn: boolean;
  transfer: ReturnType<typeof useTransferOwnership>;
  onDone: () => void;
}) {
  const adminId = useId();
  const [memberId, setMemberId] = useState(admins[0]?.id ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const chosen = admins.find((admin) => admin.id === memberId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!chosen) next.memberId = 'Choose the admin who becomes the owner';
    if (!password) next.password = 'Current Password is required';
    if (twoFactorOn && !code.trim())
      next.code = 'Enter the 6-digit code from your authenticator app or a recovery code';
    if (!confirmed) next.confirmed = 'Confirm that you hand the business over';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    transfer.mutate(
      { memberId, password, ...(twoFactorOn ? { code: code.trim() } : {}) },
      {
        onSuccess: onDone,
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : undefined;
          if (code === 'CURRENT_PASSWORD_INCORRECT' || code === 'VALIDATION_ERROR') {
            setErrors({ password: error.message });
          } else if (code?.startsWith('TWO_FACTOR_CODE')) setErrors({ code: error.message });
          else toast.error(error.message);
        },
      },
    );
  };

  return (
    <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FieldShell id={adminId} label="New owner" error={errors.memberId}>
        <select
          id={adminId}
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          className={inputClasses(Boolean(errors.memberId))}
        >
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {memberName(admin)} ({admin.email})
            </option>
          ))}
        </select>
      </FieldShell>
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {twoFactorOn ? (
        <TextField
          label="Code from your app"
          autoComplete="one-time-code"
          placeholder="123456 or xxxxx-xxxxx"
          className="font-mono"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
      ) : null}
      <label className="flex items-start gap-2.5 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          aria-invalid={errors.confirmed ? true : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
        />
        <span>
          I understand that {chosen ? memberName(chosen) : 'the admin I chose'} becomes the owner and I become
          an admin of this business.
        </span>
      </label>
      {errors.confirmed ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.confirmed}
        </p>
      ) : null}
    </form>
  );
}

/** 'Transfer ownership' (the owner only): to an admin, confirmed by the owner's password and code when two-factor is on. */
export function TransferOwnershipDialog({
  members,
  twoFactorOn,
}: {
  members: TeamMember[];
  twoFactorOn: boolean;
}) {
  const { allowed, reason } = useCan('business.own');
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  const formId = useId();
  const transfer = useTransferOwnership();
  const admins = members.filter((member) => member.role === 'admin');
  const close = () => {
    setOpen(false);
    transfer.reset();
    setKey((current) => current + 1);
  };
  const refusal = !allowed ? reason : admins.length === 0 ? NO_ADMIN : null;
  const button = (
    <Button
      variant="secondary"
      icon={<Crown className="size-4" aria-hidden="true" />}
      disabled={refusal !== null}
      onClick={() => setOpen(true)}
    >
      Transfer ownership
    </Button>
  );
  return (
    <>
      {refusal ? <RoleTooltip reason={refusal}>{button}</RoleTooltip> : button}
      <FormModal
        open={open}
        onClose={close}
        title="Transfer ownership"
        description="The admin you choose becomes the owner; you stay in the team as an admin."
        formId={formId}
        submitLabel="Transfer ownership"
        pending={transfer.isPending}
        danger
      >
        <TransferForm
          key={key}
          formId={formId}
          admins={admins}
          twoFactorOn={twoFactorOn}
          transfer={transfer}
          onDone={close}
        />
      </FormModal>
    </>
  );
}
