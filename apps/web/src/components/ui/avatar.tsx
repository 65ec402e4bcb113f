import { initials } from '@bizdash/shared';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

interface AvatarProps {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  imageUrl?: string | null | undefined;
  className?: string;
}

/** The profile picture, else initials made here from the name (never a third-party avatar service). */
export function Avatar({ firstName, lastName, imageUrl, className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const letters = initials(firstName, lastName);
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  return (
    <span
      data-testid="avatar"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-800 text-sm font-semibold text-white',
        className,
      )}
      aria-hidden="true"
    >
      {showImage && imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(imageUrl)}
        />
      ) : letters ? (
        letters
      ) : (
        <UserRound className="size-5" />
      )}
    </span>
  );
}
