import { HostedBankLinkSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';

/** SPEC section 8. */
const LINK_ERROR = 'Unable to generate Plaid link';

function requestBankLink(userRecordId: string) {
  return apiRequest('/users/plaid/link', {
    method: 'POST',
    body: { userRecordId },
    schema: HostedBankLinkSchema,
    defaultError: LINK_ERROR,
  });
}

/** The hosted bank link for a USD account ('Plaid link generated successfully' / 'Unable to generate Plaid link'). */
export function useRequestBankLink() {
  return useMutation({
    mutationFn: requestBankLink,
    onSuccess: () => {
      toast.success('Plaid link generated successfully');
    },
    onError: (error) => toast.error(error.message),
  });
}
