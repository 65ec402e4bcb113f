import type { User } from '@bizdash/shared';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { IMAGE_ACCEPT, INVALID_IMAGE, isAcceptedImage, useUploadProfilePicture } from '../api/upload-image';

/** The profile photo and a button to change it (png, jpeg or jpg). */
export function ProfilePhoto({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      toast.error(INVALID_IMAGE);
      return;
    }
    upload.mutate(file);
  };
  return (
    <div className="flex items-center gap-4">
      <Avatar
        firstName={user.firstName}
        lastName={user.lastName}
        imageUrl={user.profilePictureUrl}
        className="size-20 text-2xl"
      />
      <div className="flex flex-col gap-1.5">
        <Button
          variant="secondary"
          icon={<Camera className="size-4" aria-hidden="true" />}
          pending={upload.isPending}
          onClick={() => input.current?.click()}
        >
          Change photo
        </Button>
        <p className="text-xs text-slate-600">PNG or JPEG.</p>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo"
          data-testid="profile-photo-input"
          onChange={onPick}
        />
      </div>
    </div>
  );
}
