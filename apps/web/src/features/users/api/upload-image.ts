import { UploadedFileUrlSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { userQueryKey } from '@/lib/api/user';
import { apiRequest } from '@/lib/api-client';
import { MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';

export const INVALID_IMAGE = 'Please select a valid image';
const PROFILE_IMAGE_UPDATED = 'Profile image updated successfully';
const PROFILE_IMAGE_ERROR = 'Unable to upload profile image. Please try again!';
const CHECKOUT_LOGO_UPLOADED = 'Logo uploaded. Save changes to use it at checkout.';
const CHECKOUT_LOGO_ERROR = 'Unable to upload logo. Please try again!';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];
const IMAGE_EXTENSIONS = /\.(png|jpe?g)$/i;

/** The browser's quick check (the server decides from the bytes): png, jpeg, jpg only. */
export const isAcceptedImage = (file: File) =>
  IMAGE_TYPES.includes(file.type) && IMAGE_EXTENSIONS.test(file.name);
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

function uploadImage(userId: string | null, kind: 'profile-picture' | 'checkout-logo', file: File) {
  if (!userId) throw new Error(MISSING_USER_ID_MESSAGE);
  const body = new FormData();
  if (kind === 'profile-picture') body.append('type', 'profile');
  body.append('file', file);
  return apiRequest(`/document/${encodeURIComponent(userId)}/upload-${kind}`, {
    method: 'POST',
    body,
    schema: UploadedFileUrlSchema,
    defaultError: kind === 'profile-picture' ? PROFILE_IMAGE_ERROR : CHECKOUT_LOGO_ERROR,
  });
}

/** The new photo is the user's at once: the cached user (and so the top bar avatar) shows it. */
export function useUploadProfilePicture() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const queryKey = userQueryKey(userId);
  return useMutation({
    mutationFn: (file: File) => uploadImage(userId, 'profile-picture', file),
    onSuccess: async ({ url }) => {
      queryClient.setQueryData(queryKey, (user) => (user ? { ...user, profilePictureUrl: url } : user));
      toast.success(PROFILE_IMAGE_UPDATED);
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error(error.message),
  });
}

/** Stores a logo and answers its URL; the form saves it with the other company details. */
export function useUploadCheckoutLogo(onUploaded: (url: string) => void) {
  const userId = useUserId();
  return useMutation({
    mutationFn: (file: File) => uploadImage(userId, 'checkout-logo', file),
    onSuccess: ({ url }) => {
      onUploaded(url);
      toast.success(CHECKOUT_LOGO_UPLOADED);
    },
    onError: (error) => toast.error(error.message),
  });
}
