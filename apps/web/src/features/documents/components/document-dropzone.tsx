import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES, DOCUMENT_MESSAGES } from '@bizdash/shared';
import { UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { cn } from '@/lib/cn';

const accept = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'application/pdf': ['.pdf'] };

function rejectionMessage(rejections: FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return DOCUMENT_MESSAGES.tooLarge;
  if (code === 'too-many-files') return DOCUMENT_MESSAGES.tooMany;
  // SPEC's 'File type must be ...' in words a merchant reads, not the MIME types and extensions of `accept`.
  if (code === 'file-invalid-type') return DOCUMENT_MESSAGES.badType;
  return rejections[0]?.errors[0]?.message ?? DOCUMENT_MESSAGES.noFile;
}

interface DocumentDropzoneProps {
  label: string;
  disabled: boolean;
  /** 0..1 while an upload of this slot is under way. */
  progress: number | null;
  onFiles: (files: File[]) => void;
}

/** 'Upload Document': click, keyboard or drop; png, jpg, jpeg or pdf, 10 MB each, at most 10 files. */
export function DocumentDropzone({ label, disabled, progress, onFiles }: DocumentDropzoneProps) {
  const [error, setError] = useState<string | null>(null);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize: DOCUMENT_MAX_BYTES,
    maxFiles: DOCUMENT_MAX_FILES,
    disabled,
    onDrop: (accepted, rejections) => {
      if (rejections.length > 0) return setError(rejectionMessage(rejections));
      if (accepted.length === 0) return setError(DOCUMENT_MESSAGES.noFile);
      setError(null);
      onFiles(accepted);
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <div
        {...getRootProps({
          'aria-label': `Upload Document: ${label}`,
          className: cn(
            'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
            isDragActive && 'border-indigo-500 bg-indigo-50',
            disabled && 'cursor-wait opacity-70',
          ),
        })}
      >
        {/* Out of the tab order (the box around it is the control), but axe still asks the field for a name. */}
        <input {...getInputProps({ 'aria-label': `Choose a file: ${label}` })} />
        <UploadCloud aria-hidden className="size-5 text-slate-500" />
        <span className="font-medium text-indigo-700">Upload Document</span>
        <span className="text-xs text-slate-500">PNG, JPG or PDF, up to 10MB</span>
      </div>
      {progress !== null ? (
        <progress className="h-1.5 w-full" max={1} value={progress} aria-label={`Uploading ${label}`} />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
