import { type CreateInvitationRequest, CreateInvitationRequestSchema, type TeamRole } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldShell, TextField } from '@/components/ui/form-field';
import { FormModal } from '@/components/ui/modal';
import { PermissionGate } from '@/components/ui/permission-gate';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useInviteMember } from '../api/mutate-team';
import { ROLE_DESCRIPTIONS } from '../roles';
import { RoleSelect } from './role-select';

interface InviteFormProps {
  formId: string;
  invite: ReturnType<typeof useInviteMember>;
  onDone: () => void;
}

function InviteForm({ formId, invite, onDone }: InviteFormProps) {
  const roleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors },
  } = useForm<CreateInvitationRequest>({
    resolver: zodResolver(CreateInvitationRequestSchema),
    defaultValues: { email: '', role: 'viewer' },
    mode: 'onTouched',
  });
  const role = watch('role');
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['email', 'role'])) {
          setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        }
      },
    }),
  );
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="accountant@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <FieldShell id={roleId} label="Role" error={errors.role?.message} hint={ROLE_DESCRIPTIONS[role]}>
        <RoleSelect
          id={roleId}
          label="Role"
          value={role}
          onChange={(next: TeamRole) => setValue('role', next as CreateInvitationRequest['role'])}
          className="h-11"
        />
      </FieldShell>
      <p className="text-sm text-slate-600">
        We email them a link that works once, for 7 days. They create an account (or sign in) and join.
      </p>
    </form>
  );
}

/** 'Invite member': email and role; the invitation is emailed and listed as pending. */
export function InviteMemberDialog() {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  const formId = useId();
  const invite = useInviteMember();
  const close = () => {
    setOpen(false);
    invite.reset();
    setKey((current) => current + 1);
  };
  return (
    <>
      <PermissionGate permission="team.manage">
        {(allowed) => (
          <Button
            icon={<UserPlus className="size-4" aria-hidden="true" />}
            onClick={() => setOpen(true)}
            disabled={!allowed}
          >
            Invite member
          </Button>
        )}
      </PermissionGate>
      <FormModal
        open={open}
        onClose={close}
        title="Invite member"
        description="Give them the role their work needs; you can change it later."
        formId={formId}
        submitLabel="Send invitation"
        pending={invite.isPending}
      >
        <InviteForm key={key} formId={formId} invite={invite} onDone={close} />
      </FormModal>
    </>
  );
}
