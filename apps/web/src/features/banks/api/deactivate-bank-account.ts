import { BankAccountSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { bankAccountsQueryKey } from '@/lib/api/bank-accounts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const DEACTIVATE_ERROR = 'Unable to deactivate account';

function deactivateBankAccount(bankAccountId: string) {
  return apiRequest(`/bank/accounts/${encodeURIComponent(bankAccountId)}/deactivate`, {
    method: 'POST',
    schema: BankAccountSchema,
    defaultError: DEACTIVATE_ERROR,
  });
}

export function useDeactivateBankAccount({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateBankAccount,
    onSuccess: async () => {
      toast.success('Bank account deactivated successfully');
      onSuccess();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
      ]);
    },
    onError: (error) => toast.error(error.message),
  });
}
