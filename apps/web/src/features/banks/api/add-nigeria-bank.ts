import { type AddNigeriaBankRequest, BankAccountSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { bankAccountsQueryKey } from '@/lib/api/bank-accounts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** SPEC section 8. */
const ADD_ERROR = 'Unable to add account';

function addNigeriaBank(input: AddNigeriaBankRequest) {
  return apiRequest('/bank/add-nigeria-bank', {
    method: 'POST',
    body: input,
    schema: BankAccountSchema,
    defaultError: ADD_ERROR,
  });
}

/** Adds the account, says so ('Bank account added successfully'), and refreshes the list and the user's banks. */
export function useAddNigeriaBank({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNigeriaBank,
    onSuccess: async () => {
      toast.success('Bank account added successfully');
      onSuccess();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
      ]);
    },
    onError: (error) => toast.error(error.message),
  });
}
