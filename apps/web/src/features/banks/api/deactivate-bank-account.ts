import { BankAccountSchema } from '@bizdash/shared';
import { bankAccountsQueryKey } from '@/lib/api/bank-accounts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

const DEACTIVATE_ERROR = 'Unable to deactivate account';

function deactivateBankAccount(bankAccountId: string) {
  return apiRequest(`/bank/accounts/${encodeURIComponent(bankAccountId)}/deactivate`, {
    method: 'POST',
    schema: BankAccountSchema,
    defaultError: DEACTIVATE_ERROR,
  });
}

export function useDeactivateBankAccount({ onSuccess }: { onSuccess: () => void }) {
  return useApiMutation({
    mutationFn: deactivateBankAccount,
    successMessage: 'Bank account deactivated successfully',
    invalidates: [bankAccountsQueryKey, queryKeys.users],
    onSuccess,
  });
}
