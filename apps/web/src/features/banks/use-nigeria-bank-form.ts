import {
  type NigeriaBankForm,
  NigeriaBankFormSchema,
  type NigeriaBankFormValues,
  ResolveAccountRequestSchema,
  type ResolvedAccount,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useAddNigeriaBank } from './api/add-nigeria-bank';
import { useNigeriaBanks } from './api/get-nigeria-banks';
import { useResolveAccount } from './api/resolve-account';

const FIELDS = ['bankCode', 'accountNumber', 'accountType'] as const;

/** What a resolved name belongs to: a change of bank or number needs a new enquiry. */
const enquiryKey = (bankCode: string, accountNumber: string) =>
  `${bankCode}:${accountNumber.replace(/[\s-]/g, '')}`;

/**
 * The NGN bank form's state: the banks to choose from, the name enquiry that runs once the bank and a number
 * passing the NUBAN check are in (or on submit), and the save once the merchant has seen the name.
 */
export function useNigeriaBankForm({ walletId, onAdded }: { walletId: string | null; onAdded: () => void }) {
  const banks = useNigeriaBanks();
  const resolve = useResolveAccount();
  const add = useAddNigeriaBank({ onSuccess: onAdded });
  const [resolved, setResolved] = useState<(ResolvedAccount & { key: string }) | null>(null);
  const form = useForm<NigeriaBankForm, unknown, NigeriaBankFormValues>({
    resolver: zodResolver(NigeriaBankFormSchema),
    defaultValues: { bankCode: '', accountNumber: '', accountType: '' as never },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [bankCode = '', accountNumber = ''] = useWatch({
    control: form.control,
    name: ['bankCode', 'accountNumber'],
  });
  const confirmed = resolved?.key === enquiryKey(bankCode, accountNumber) ? resolved : null;
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

  /** A sandbox test account, filled in as if typed (and so looked up). */
  const fillSandboxAccount = (sandboxBankCode: string, sandboxNumber: string) => {
    form.setValue('bankCode', sandboxBankCode, { shouldValidate: true });
    form.setValue('accountNumber', sandboxNumber, { shouldValidate: true });
  };

  return {
    register: form.register,
    errors,
    banks,
    submit,
    fillSandboxAccount,
    verifying: resolve.isPending,
    /** The bank's name for the account as it is typed now. */
    confirmed,
    /** The enquiry failed for a reason no field shows. */
    enquiryError: resolve.isError && !errors.accountNumber && !errors.bankCode ? resolve.error : null,
    adding: add.isPending,
  };
}
