import {
  ACCOUNT_TYPE_LABELS,
  NGN_ACCOUNT_TYPES,
  type NigeriaBankForm as NigeriaBankFormInput,
  NigeriaBankFormSchema,
  type NigeriaBankFormValues,
  ResolveAccountRequestSchema,
  type ResolvedAccount,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useAddNigeriaBank } from '../api/add-nigeria-bank';
import { useNigeriaBanks } from '../api/get-nigeria-banks';
import { useResolveAccount } from '../api/resolve-account';
import { SandboxAccountsNote } from './sandbox-accounts-note';

const FIELDS = ['bankCode', 'accountNumber', 'accountType'] as const;

interface NigeriaBankFormProps {
  /** The NGN wallet the account settles; null when the merchant has none (nothing can be added). */
  walletId: string | null;
  onAdded: () => void;
  onCancel: () => void;
}

/** What a resolved name belongs to: a change of bank or number needs a new enquiry. */
const enquiryKey = (bankCode: string, accountNumber: string) =>
  `${bankCode}:${accountNumber.replace(/[\s-]/g, '')}`;

/**
 * The NGN bank form (SPEC section 2): bank, account number and type. Once the bank and a number that passes the
 * NUBAN check are in, the bank's name for the account is looked up and shown; 'Add account' saves it.
 */
export function NigeriaBankForm({ walletId, onAdded, onCancel }: NigeriaBankFormProps) {
  const bankSelectId = useId();
  const typeSelectId = useId();
  const banks = useNigeriaBanks();
  const resolve = useResolveAccount();
  const add = useAddNigeriaBank({ onSuccess: onAdded });
  const [resolved, setResolved] = useState<(ResolvedAccount & { key: string }) | null>(null);
  const form = useForm<NigeriaBankFormInput, unknown, NigeriaBankFormValues>({
    resolver: zodResolver(NigeriaBankFormSchema),
    defaultValues: { bankCode: '', accountNumber: '', accountType: '' as never },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [bankCode = '', accountNumber = ''] = useWatch({
    control: form.control,
    name: ['bankCode', 'accountNumber'],
  });
  const currentKey = enquiryKey(bankCode, accountNumber);
  const confirmed = resolved?.key === currentKey ? resolved : null;
  const { mutate: runEnquiry, reset: resetEnquiry } = resolve;

  // The name is looked up as soon as the bank and a well-formed number are both there.
  useEffect(() => {
    resetEnquiry();
    const request = ResolveAccountRequestSchema.safeParse({ bankCode, accountNumber });
    if (!request.success) return;
    const key = enquiryKey(bankCode, accountNumber);
    runEnquiry(request.data, {
      onSuccess: (account) => setResolved({ ...account, key }),
      onError: (error) => void applyServerFieldErrors(error, form.setError, FIELDS),
    });
  }, [bankCode, accountNumber, runEnquiry, resetEnquiry, form.setError]);

  const submit = form.handleSubmit((values) => {
    const key = enquiryKey(values.bankCode, values.accountNumber);
    if (resolved?.key !== key) {
      // Not looked up yet (or changed since): look it up first; the merchant confirms the name, then adds.
      resolve.mutate(
        { bankCode: values.bankCode, accountNumber: values.accountNumber },
        {
          onSuccess: (account) => setResolved({ ...account, key }),
          onError: (error) => void applyServerFieldErrors(error, form.setError, FIELDS),
        },
      );
      return;
    }
    if (!walletId) return;
    add.mutate(
      { userWalletRecordId: walletId, ...values },
      { onError: (error) => void applyServerFieldErrors(error, form.setError, FIELDS) },
    );
  });

  const enquiryFailed = resolve.isError && !errors.accountNumber && !errors.bankCode;

  return (
    <form noValidate aria-label="Add Naira bank account" className="flex flex-col gap-5" onSubmit={submit}>
      <FieldShell id={bankSelectId} label="Bank name" error={errors.bankCode?.message}>
        <select
          id={bankSelectId}
          className={inputClasses(Boolean(errors.bankCode))}
          aria-invalid={errors.bankCode ? true : undefined}
          aria-describedby={errors.bankCode ? `${bankSelectId}-error` : undefined}
          disabled={banks.isPending}
          {...form.register('bankCode')}
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
        {...form.register('accountNumber')}
      />

      <SandboxAccountsNote
        onUse={(sandboxBankCode, sandboxNumber) => {
          form.setValue('bankCode', sandboxBankCode, { shouldValidate: true });
          form.setValue('accountNumber', sandboxNumber, { shouldValidate: true });
        }}
      />

      <FieldShell id={typeSelectId} label="Account type" error={errors.accountType?.message}>
        <select
          id={typeSelectId}
          className={inputClasses(Boolean(errors.accountType))}
          aria-invalid={errors.accountType ? true : undefined}
          aria-describedby={errors.accountType ? `${typeSelectId}-error` : undefined}
          {...form.register('accountType')}
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
        {resolve.isPending ? (
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
        ) : enquiryFailed ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {resolve.error?.message}
          </p>
        ) : null}
      </div>

      {!walletId ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your account has no Naira wallet to settle.
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={add.isPending} disabled={resolve.isPending || !walletId}>
          {confirmed ? 'Add account' : 'Verify account'}
        </Button>
      </div>
    </form>
  );
}
