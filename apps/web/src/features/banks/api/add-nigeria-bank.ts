import { type AddNigeriaBankRequest, BankAccountSchema } from '@bizdash/shared';
import { bankAccountsQueryKey } from '@/lib/api/bank-accounts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

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
  return useApiMutation({
    mutationFn: addNigeriaBank,
    successMessage: 'Bank account added successfully',
    invalidates: [bankAccountsQueryKey, queryKeys.users],
    onSuccess,
  });
}
