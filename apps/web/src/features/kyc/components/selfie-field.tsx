import { KYC_SELFIE_ACCEPT } from '@bizdash/shared';
import { Camera } from 'lucide-react';
import { useId } from 'react';
import { useSelfieField } from '../use-sandbox-kyc-form';

/** The selfie: a phone opens its front camera (capture="user"); a computer picks a file. Shown before sending. */
export function SelfieField({
  file,
  error,
  onChange,
}: {
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null, error: string | undefined) => void;
}) {
  const inputId = useId();
  const { preview, pick } = useSelfieField(file, onChange);

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800">Selfie</span>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200">
          {preview ? (
            <img src={preview} alt="Your selfie" className="size-full object-cover" />
          ) : (
            <Camera aria-hidden className="size-7 text-slate-400" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label
            htmlFor={inputId}
            className="inline-flex h-10 w-fit cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 focus-within:ring-4 focus-within:ring-brand-100"
          >
            {file ? 'Retake or choose another' : 'Take or upload a selfie'}
            <input
              id={inputId}
              type="file"
              accept={KYC_SELFIE_ACCEPT}
              capture="user"
              className="sr-only"
              aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
              aria-invalid={Boolean(error)}
              onChange={pick}
            />
          </label>
          <p id={`${inputId}-hint`} className="text-xs text-slate-600">
            Your face, well lit, looking at the camera (JPEG or PNG).
          </p>
        </div>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
