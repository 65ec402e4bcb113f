import { ImageUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { PermissionGate } from '@/components/ui/permission-gate';
import { IMAGE_ACCEPT, INVALID_IMAGE, isAcceptedImage, useUploadCheckoutLogo } from '../api/upload-image';

interface CheckoutLogoPickerProps {
  url: string;
  onUploaded: (url: string) => void;
  /** The URL field itself. */
  children: ReactNode;
}

/** Only our own files are previewed: a pasted link is fetched by the server when saved, not by this page. */
const isPreviewable = (url: string) =>
  url.startsWith('/') || (URL.canParse(url) && new URL(url).origin === window.location.origin);

/** The logo URL field with an 'Upload logo' button (the upload fills the URL) and a preview of our stored logo. */
export function CheckoutLogoPicker({ url, onUploaded, children }: CheckoutLogoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const upload = useUploadCheckoutLogo(onUploaded);
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
  const preview = url && isPreviewable(url) && failedUrl !== url;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div
        className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-50 ring-1 ring-slate-200"
        data-testid="checkout-logo-preview"
      >
        {preview ? (
          <img
            src={url}
            alt="Checkout logo"
            className="size-full object-contain"
            onError={() => setFailedUrl(url)}
          />
        ) : (
          <ImageUp className="size-7 text-slate-400" aria-hidden="true" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {children}
        <div>
          <PermissionGate permission="settings.manage">
            {(allowed) => (
              <Button
                variant="secondary"
                size="sm"
                icon={<ImageUp className="size-4" aria-hidden="true" />}
                pending={upload.isPending}
                disabled={!allowed}
                onClick={() => input.current?.click()}
              >
                Upload logo
              </Button>
            )}
          </PermissionGate>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Checkout logo file"
            data-testid="checkout-logo-input"
            onChange={onPick}
          />
        </div>
      </div>
    </div>
  );
}
