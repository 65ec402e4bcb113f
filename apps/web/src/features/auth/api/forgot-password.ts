import { type ForgotPasswordRequest, MessageResponseSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/config';

function forgotPassword(body: ForgotPasswordRequest) {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
    auth: false,
    defaultError: DEFAULT_ERROR_MESSAGE,
  });
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function useForgotPassword({ onSuccess }: { onSuccess: (message: string) => void }) {
  return useMutation({
    mutationFn: forgotPassword,
    onSuccess: (response) => onSuccess(response.message),
    onError: (error) => toast.error(error.message),
  });
}
