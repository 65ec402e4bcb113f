import {
  DISPUTE_EVIDENCE_LIMITS,
  DISPUTE_FILE_ACCEPTED_TYPES,
  DISPUTE_FILE_MAX_BYTES,
  DISPUTE_MESSAGES,
  type DisputeFile,
  formatFileSize,
} from '@bizdash/shared';
import { FileText, Paperclip, X } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useUploadEvidenceFile } from '../api/dispute-actions';

/** A file of the evidence: uploaded (it has its DisputeFile), on its way, or refused. */
export type EvidenceFileEntry =
  | { key: string; name: string; size: number; state: 'done'; file: DisputeFile }
  | { key: string; name: string; size: number; state: 'uploading'; progress: number }
  | { key: string; name: string; size: number; state: 'failed'; error: string };

export const entryOfFile = (file: DisputeFile): EvidenceFileEntry => ({
  key: file.id,
  name: file.name,
  size: file.size,
  state: 'done',
  file,
});

/** Why the browser need not even send a file: the upload route's rules, in the merchant's words. */
function refusal(file: File): string | null {
  if (file.size === 0) return DISPUTE_MESSAGES.fileEmpty;
  if (file.size > DISPUTE_FILE_MAX_BYTES) return DISPUTE_MESSAGES.fileTooLarge;
  if (!(DISPUTE_FILE_ACCEPTED_TYPES as readonly string[]).includes(file.type))
    return DISPUTE_MESSAGES.fileBadType;
  return null;
}

interface EvidenceFilesProps {
  disputeId: string;
  entries: EvidenceFileEntry[];
  onChange: (update: (entries: EvidenceFileEntry[]) => EvidenceFileEntry[]) => void;
  disabled: boolean;
  error?: string | undefined;
}

/**
 * Receipts, proof of delivery, correspondence: each chosen file uploads at once with its own progress bar; any can
 * be removed before the evidence is submitted.
 */
export function EvidenceFiles({ disputeId, entries, onChange, disabled, error }: EvidenceFilesProps) {
  const id = useId();
  const upload = useUploadEvidenceFile(disputeId);
  const [limitError, setLimitError] = useState<string | null>(null);
  const setEntry = (key: string, entry: EvidenceFileEntry | null) =>
    onChange((current) =>
      entry
        ? current.map((item) => (item.key === key ? entry : item))
        : current.filter((item) => item.key !== key),
    );

  const add = (files: File[]) => {
    const room = DISPUTE_EVIDENCE_LIMITS.files - entries.filter((entry) => entry.state !== 'failed').length;
    setLimitError(files.length > room ? DISPUTE_MESSAGES.tooManyFiles : null);
    const accepted = files.slice(0, Math.max(0, room));
    const added: EvidenceFileEntry[] = accepted.map((file) => {
      const key = `${file.name}-${crypto.getRandomValues(new Uint32Array(1))[0]}`;
      const refused = refusal(file);
      return refused
        ? { key, name: file.name, size: file.size, state: 'failed', error: refused }
        : { key, name: file.name, size: file.size, state: 'uploading', progress: 0 };
    });
    onChange((current) => [...current, ...added]);
    accepted.forEach((file, index) => {
      const entry = added[index];
      if (entry?.state !== 'uploading') return;
      const { key, name, size } = entry;
      // mutateAsync, not mutate: every upload's own answer (mutate's callbacks fire for the last call only).
      upload
        .mutateAsync({
          file,
          onProgress: (progress) => setEntry(key, { key, name, size, state: 'uploading', progress }),
        })
        .then(
          (uploaded) => setEntry(key, { key, name, size, state: 'done', file: uploaded }),
          (failure: unknown) =>
            setEntry(key, {
              key,
              name,
              size,
              state: 'failed',
              error: errorMessage(failure, `Unable to upload ${name}`),
            }),
        );
    });
  };

  const shownError = error ?? limitError;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Files
      </span>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Receipts, proof of delivery, correspondence with the customer: PNG, JPG or PDF, up to 10MB each, at
        most {DISPUTE_EVIDENCE_LIMITS.files} files.
      </p>
      {entries.length > 0 ? (
        <ul aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li
              key={entry.key}
              data-testid="evidence-file"
              data-state={entry.state}
              className={cn(
                'flex flex-col gap-1.5 rounded-lg px-3 py-2 ring-1',
                entry.state === 'failed' ? 'bg-red-50 ring-red-200' : 'ring-slate-200',
              )}
            >
              <div className="flex items-center gap-3">
                <FileText className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900" title={entry.name}>
                    {entry.name}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {formatFileSize(entry.size)}
                    {entry.state === 'uploading' ? ` · Uploading ${Math.round(entry.progress * 100)}%` : null}
                  </span>
                </span>
                {entry.state !== 'uploading' ? (
                  <button
                    type="button"
                    onClick={() => setEntry(entry.key, null)}
                    disabled={disabled}
                    aria-label={`Remove ${entry.name}`}
                    className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                ) : null}
              </div>
              {entry.state === 'uploading' ? (
                <progress
                  className="h-1.5 w-full overflow-hidden rounded-full accent-brand-700"
                  max={1}
                  value={entry.progress}
                  aria-label={`Uploading ${entry.name}`}
                />
              ) : null}
              {entry.state === 'failed' ? (
                <p role="alert" className="text-sm text-red-800">
                  {entry.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label
          htmlFor={`${id}-input`}
          className={cn(
            'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <Paperclip className="size-4" aria-hidden="true" />
          Add files
          <input
            id={`${id}-input`}
            type="file"
            multiple
            accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            className="sr-only"
            onChange={(event) => {
              add(Array.from(event.target.files ?? []));
              // The same file chosen again (after removing it) is a new choice.
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {shownError ? (
        <p role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
