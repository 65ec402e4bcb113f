import { MessageResponseSchema } from '@bizdash/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';

function requestOtp(email: string) {
  return apiRequest('/users/otp', {
    query: { email },
    schema: MessageResponseSchema,
    defaultError: 'Unable to get OTP',
  });
}

/** Emails a fresh 6-digit code to the merchant. */
export function useRequestOtp() {
  return useMutation({
    mutationFn: requestOtp,
    onSuccess: (response) => toast.success(response.message),
    onError: (error) => toast.error(error.message),
  });
}
