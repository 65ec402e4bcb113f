import {
  ACCOUNT_TYPE_LABELS,
  type SandboxBankLinkSession,
  type SandboxBankLinkSubmission,
  SandboxBankLinkSubmissionSchema,
  USD_ACCOUNT_TYPES,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useSubmitSandboxBankLink } from '../api/sandbox-bank-link';

const choiceClasses = (checked: boolean) =>
  cn(
    'flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2.5 text-sm transition-colors',
    'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100',
    checked
      ? 'border-brand-600 bg-brand-50/60 text-slate-900'
      : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400',
  );

function FieldsetError({ message }: { message: string | undefined }) {
  return message ? <p className="mt-1.5 text-sm text-red-700">{message}</p> : null;
}

/** The sandbox bank's sign-in: pick the bank, sign in with a test user, pick checking or savings. */
export function SandboxBankLinkForm({ session }: { session: SandboxBankLinkSession }) {
  const submit = useSubmitSandboxBankLink(session.sessionId);
  const form = useForm<SandboxBankLinkSubmission>({
    resolver: zodResolver(SandboxBankLinkSubmissionSchema),
    defaultValues: { institutionId: '', username: '', password: '', accountType: 'checking' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const institutionId = form.watch('institutionId');
  const accountType = form.watch('accountType');

  return (
    <form
      noValidate
      aria-label="Link your bank account"
      className="flex flex-col gap-6"
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Your bank</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {session.institutions.map((institution) => (
            <label key={institution.id} className={choiceClasses(institutionId === institution.id)}>
              <input
                type="radio"
                value={institution.id}
                className="sr-only"
                {...form.register('institutionId')}
              />
              <Landmark aria-hidden className="size-4 shrink-0 text-brand-700" />
              {institution.name}
            </label>
          ))}
        </div>
        <FieldsetError message={errors.institutionId?.message} />
      </fieldset>

      <div className="flex flex-col gap-4">
        <TextField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="off"
          error={errors.password?.message}
          {...form.register('password')}
        />
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Account to link</legend>
        <div className="grid grid-cols-2 gap-2">
          {USD_ACCOUNT_TYPES.map((type) => (
            <label key={type} className={choiceClasses(accountType === type)}>
              <input
                type="radio"
                value={type}
                className="accent-brand-700"
                {...form.register('accountType')}
              />
              {ACCOUNT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
        <FieldsetError message={errors.accountType?.message} />
      </fieldset>

      <div className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
        <p className="font-medium">Sandbox sign-ins</p>
        <ul className="mt-2 flex flex-col gap-1.5">
          {session.testCredentials.map((credential) => (
            <li key={credential.username} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                type="button"
                className="rounded font-mono font-semibold underline decoration-amber-400 underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700"
                aria-label={`Use ${credential.username} / ${credential.password} (${credential.outcome})`}
                onClick={() => {
                  form.setValue('username', credential.username, { shouldValidate: true, shouldTouch: true });
                  form.setValue('password', credential.password, { shouldValidate: true, shouldTouch: true });
                }}
              >
                {credential.username} / {credential.password}
              </button>
              <span className="text-amber-900">{credential.outcome}</span>
            </li>
          ))}
        </ul>
      </div>

      {submit.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {submit.error.message}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button type="submit" size="lg" pending={submit.isPending} className="sm:flex-1">
          Link account
        </Button>
        {/* Leaving is a full page load back, as a provider's exit is. */}
        <a
          href={session.completionRedirectUrl}
          className="inline-flex h-11 items-center justify-center rounded-lg px-5 text-base font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          Cancel
        </a>
      </div>
    </form>
  );
}
