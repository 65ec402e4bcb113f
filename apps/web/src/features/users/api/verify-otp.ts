import { type OtpVerifyRequest, OtpVerifyResponseSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function verifyOtp(body: OtpVerifyRequest) {
  return apiRequest('/users/otp', {
    method: 'POST',
    body,
    schema: OtpVerifyResponseSchema,
    defaultError: 'Unable to validate OTP',
  });
}

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: async (response) => {
      toast.success(response.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
    onError: (error) => toast.error(error.message),
  });
}
