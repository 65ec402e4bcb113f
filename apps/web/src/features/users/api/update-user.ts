import {
  type UpdateCompanyDetailsRequest,
  type UpdateProfileRequest,
  type User,
  UserSchema,
} from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useBusinessId } from '@/lib/acting-profile';
import { userQueryKey } from '@/lib/api/user';
import { apiRequest } from '@/lib/api-client';
import { MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';

const PROFILE_UPDATED = 'Profile updated successfully';
const PROFILE_UPDATE_ERROR = 'Unable to update profile';
const COMPANY_DETAILS_UPDATED = 'Company details updated successfully';
// SPEC section 8 names no default for this call; its generic one is used.
const COMPANY_DETAILS_UPDATE_ERROR = 'Something went wrong. Please try again!';

const userPath = (userId: string | null) => {
  if (!userId) throw new Error(MISSING_USER_ID_MESSAGE);
  return `/users/${encodeURIComponent(userId)}`;
};

/**
 * A change to the signed-in user: the answer (the updated user) replaces the cached one, so every screen that
 * shows it (the top bar included) changes at once.
 */
function useUserMutation<TInput>(
  send: (path: string, input: TInput) => Promise<User>,
  successMessage: string,
  onError?: (error: Error) => void,
  userId: string | null = null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(userPath(userId), input),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(userId), user);
      toast.success(successMessage);
    },
    onError: (error) => {
      toast.error(error.message);
      onError?.(error);
    },
  });
}

/** The person's own name and phone. */
export const useUpdateProfile = (onError?: (error: Error) => void) =>
  useUserMutation(
    (path, input: UpdateProfileRequest) =>
      apiRequest(`${path}/profile`, {
        method: 'PUT',
        body: input,
        schema: UserSchema,
        defaultError: PROFILE_UPDATE_ERROR,
      }),
    PROFILE_UPDATED,
    onError,
    useUserId(),
  );

/** The company details of the business acted for. */
export const useUpdateCompanyDetails = (onError?: (error: Error) => void) =>
  useUserMutation(
    (path, input: UpdateCompanyDetailsRequest) =>
      apiRequest(path, {
        method: 'PUT',
        body: input,
        schema: UserSchema,
        defaultError: COMPANY_DETAILS_UPDATE_ERROR,
      }),
    COMPANY_DETAILS_UPDATED,
    onError,
    useBusinessId(),
  );
