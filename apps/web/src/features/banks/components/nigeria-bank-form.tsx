import { ACCOUNT_TYPE_LABELS, NGN_ACCOUNT_TYPES } from '@bizdash/shared';
import { BadgeCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useNigeriaBankForm } from '../use-nigeria-bank-form';
import { SandboxAccountsNote } from './sandbox-accounts-note';

interface NigeriaBankFormProps {
  /** The NGN wallet the account settles; null when the merchant has none (nothing can be added). */
  walletId: string | null;
  onAdded: () => void;
  onCancel: () => void;
}

/**
 * The NGN bank form (SPEC section 2): bank, account number and type. Once the bank and a number that passes the
 * NUBAN check are in, the bank's name for the account is looked up and shown; 'Add account' saves it.
 */
export function NigeriaBankForm({ walletId, onAdded, onCancel }: NigeriaBankFormProps) {
  const bankSelectId = useId();
  const typeSelectId = useId();
  const { register, errors, banks, confirmed, enquiryError, ...form } = useNigeriaBankForm({
    walletId,
    onAdded,
  });

  return (
    <form
      noValidate
      aria-label="Add Naira bank account"
      className="flex flex-col gap-5"
      onSubmit={form.submit}
    >
      <FieldShell id={bankSelectId} label="Bank name" error={errors.bankCode?.message}>
        <select
          id={bankSelectId}
          className={inputClasses(Boolean(errors.bankCode))}
          aria-invalid={errors.bankCode ? true : undefined}
          aria-describedby={errors.bankCode ? `${bankSelectId}-error` : undefined}
          disabled={banks.isPending}
          {...register('bankCode')}
        >
          <option value="">{banks.isPending ? 'Loading banks...' : 'Select bank'}</option>
          {(banks.data ?? []).map((bank) => (
            <option key={bank.bankCode} value={bank.bankCode}>
              {bank.bankName}
            </option>
          ))}
        </select>
      </FieldShell>

      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={13}
        placeholder="10-digit NUBAN"
        error={errors.accountNumber?.message}
        {...register('accountNumber')}
      />

      <SandboxAccountsNote onUse={form.fillSandboxAccount} />

      <FieldShell id={typeSelectId} label="Account type" error={errors.accountType?.message}>
        <select
          id={typeSelectId}
          className={inputClasses(Boolean(errors.accountType))}
          aria-invalid={errors.accountType ? true : undefined}
          aria-describedby={errors.accountType ? `${typeSelectId}-error` : undefined}
          {...register('accountType')}
        >
          <option value="">Select account type</option>
          {NGN_ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </FieldShell>

      <div aria-live="polite" className="min-h-6">
        {form.verifying ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4 text-brand-700" /> Verifying account...
          </p>
        ) : confirmed ? (
          <div
            className="flex items-start gap-3 rounded-lg bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200"
            data-testid="resolved-account"
          >
            <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            <div className="min-w-0">
              <p className="text-xs font-medium text-emerald-900">Account name</p>
              <p className="font-semibold break-words text-slate-900" data-testid="resolved-account-name">
                {confirmed.accountName}
              </p>
              <p className="text-xs text-slate-600">{confirmed.bankName}</p>
            </div>
          </div>
        ) : enquiryError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {enquiryError.message}
          </p>
        ) : null}
      </div>

      {!walletId ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your account has no Naira wallet to settle.
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={form.adding}>
          Cancel
        </Button>
        <Button type="submit" pending={form.adding} disabled={form.verifying || !walletId}>
          {confirmed ? 'Add account' : 'Verify account'}
        </Button>
      </div>
    </form>
  );
}
