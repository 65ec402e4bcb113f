import {
  DISPUTE_EVIDENCE_LIMITS,
  type DisputeDetail,
  type DisputeEvidenceRequest,
  DisputeEvidenceRequestSchema,
  formatMoney,
} from '@bizdash/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldShell, inputClasses } from '@/components/ui/form-field';
import { PermissionGate } from '@/components/ui/permission-gate';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
import { useAcceptDispute, useSaveEvidence } from '../api/dispute-actions';
import { type EvidenceFileEntry, EvidenceFiles, entryOfFile } from './evidence-files';

type Field = 'explanation' | 'customerName' | 'customerEmail' | 'deliveryDetails' | 'fileIds';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = [
  'explanation',
  'customerName',
  'customerEmail',
  'deliveryDetails',
  'fileIds',
];
const isField = (name: unknown): name is Field => FIELDS.includes(name as Field);

interface Draft {
  explanation: string;
  customerName: string;
  customerEmail: string;
  deliveryDetails: string;
}

/** The request the draft makes, checked as the API checks it (the shared schema), or what is wrong per field. */
function check(draft: Draft, files: EvidenceFileEntry[], submit: boolean) {
  const request: DisputeEvidenceRequest = {
    ...draft,
    fileIds: files.flatMap((entry) => (entry.state === 'done' ? [entry.file.id] : [])),
    submit,
  };
  const parsed = DisputeEvidenceRequestSchema.safeParse(request);
  if (parsed.success) return { request, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { request: null, errors };
}

/**
 * While a dispute needs an answer: the evidence (explanation, the customer's details, delivery, files), saved as a
 * draft or submitted after a confirmation (it cannot change after), or the dispute accepted (its amount goes to the
 * customer's bank).
 */
export function EvidenceForm({ dispute }: { dispute: DisputeDetail }) {
  const id = useId();
  const saved = dispute.evidence;
  const [draft, setDraft] = useState<Draft>({
    explanation: saved?.explanation ?? '',
    customerName: saved ? (saved.customerName ?? '') : dispute.payment.customerName,
    customerEmail: saved ? (saved.customerEmail ?? '') : dispute.payment.customerEmail,
    deliveryDetails: saved?.deliveryDetails ?? '',
  });
  const [files, setFiles] = useState<EvidenceFileEntry[]>(() => (saved?.files ?? []).map(entryOfFile));
  const [shownErrors, setShownErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'submit' | 'accept' | null>(null);
  const save = useSaveEvidence(dispute.id);
  const accept = useAcceptDispute(dispute.id, { onSuccess: () => setConfirming(null) });
  const uploading = files.some((entry) => entry.state === 'uploading');
  const pending = save.isPending || accept.isPending;
  // A role that cannot answer disputes sees the form, its buttons disabled saying who can (issue 23 §2).
  const answering = useCan('disputes.answer').allowed;
  const money = formatMoney(dispute.amount, dispute.currency);

  const change = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setShownErrors({});
    setServerError(null);
  };

  const send = (submit: boolean) => {
    const checked = check(draft, files, submit);
    if (!checked.request) return;
    setServerError(null);
    save.mutate(checked.request, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        const byField: FieldErrors = {};
        if (error instanceof ApiError) {
          for (const detail of error.details) {
            const field = detail.path.split('.')[0];
            if (isField(field)) byField[field] ??= detail.message;
          }
        }
        setShownErrors(byField);
        if (Object.keys(byField).length === 0) setServerError(error.message);
      },
    });
  };

  /** Checks the draft before anything is sent; the first wrong field takes the focus. */
  const valid = (submit: boolean) => {
    const checked = check(draft, files, submit);
    setShownErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = FIELDS.find((field) => checked.errors[field]);
      document.getElementById(`${id}-${first ?? 'explanation'}`)?.focus();
      return false;
    }
    return true;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answering && valid(true)) setConfirming('submit');
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Evidence" className="flex flex-col gap-5">
      <TextArea
        id={`${id}-explanation`}
        label="Explanation"
        hint="Why the payment is valid: what the customer bought, when and how they received it."
        rows={5}
        max={DISPUTE_EVIDENCE_LIMITS.explanation}
        value={draft.explanation}
        onChange={(explanation) => change({ explanation })}
        error={shownErrors.explanation}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          id={`${id}-customerName`}
          label="Customer name"
          max={DISPUTE_EVIDENCE_LIMITS.customerName}
          value={draft.customerName}
          onChange={(customerName) => change({ customerName })}
          error={shownErrors.customerName}
          autoComplete="off"
        />
        <Input
          id={`${id}-customerEmail`}
          label="Customer email"
          type="email"
          max={DISPUTE_EVIDENCE_LIMITS.customerEmail}
          value={draft.customerEmail}
          onChange={(customerEmail) => change({ customerEmail })}
          error={shownErrors.customerEmail}
          autoComplete="off"
        />
      </div>
      <TextArea
        id={`${id}-deliveryDetails`}
        label="Delivery details"
        hint="Optional. The carrier, tracking number and delivery date, or how the service was provided."
        rows={3}
        max={DISPUTE_EVIDENCE_LIMITS.deliveryDetails}
        value={draft.deliveryDetails}
        onChange={(deliveryDetails) => change({ deliveryDetails })}
        error={shownErrors.deliveryDetails}
      />
      <EvidenceFiles
        disputeId={dispute.id}
        entries={files}
        onChange={(update) => {
          setFiles(update);
          setServerError(null);
        }}
        disabled={pending || !answering}
        error={shownErrors.fileIds}
      />
      {serverError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-600/15 ring-inset"
          data-testid="evidence-error"
        >
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center">
        <PermissionGate permission="disputes.answer" className="sm:mr-auto">
          {(allowed) => (
            <Button
              variant="ghost"
              onClick={() => setConfirming('accept')}
              disabled={!allowed || pending}
              className="sm:mr-auto"
            >
              Accept dispute
            </Button>
          )}
        </PermissionGate>
        <PermissionGate permission="disputes.answer">
          {(allowed) => (
            <Button
              variant="secondary"
              onClick={() => valid(false) && send(false)}
              pending={save.isPending && !confirming}
              disabled={!allowed || pending || uploading}
            >
              Save draft
            </Button>
          )}
        </PermissionGate>
        <PermissionGate permission="disputes.answer">
          {(allowed) => (
            <Button type="submit" disabled={!allowed || pending || uploading}>
              Submit evidence
            </Button>
          )}
        </PermissionGate>
      </div>
      {uploading ? (
        <p className="text-right text-xs text-slate-600" role="status">
          Waiting for the files to finish uploading.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming === 'submit'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Submit evidence?"
        description="The evidence goes to the card network, which decides the dispute."
        confirmLabel="Submit evidence"
        onConfirm={() => send(true)}
        pending={save.isPending}
      >
        <p className="text-sm text-slate-700">
          Evidence cannot be changed after it is submitted. {money} stays held from your wallet until the card
          network decides.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'accept'}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            accept.reset();
          }
        }}
        title="Accept dispute?"
        confirmLabel={`Accept and give ${money} back`}
        onConfirm={() => accept.mutate()}
        pending={accept.isPending}
        destructive
      >
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          <p data-testid="accept-sentence">
            {money} goes to the customer's bank and the dispute is closed. This cannot be undone.
          </p>
          {accept.error ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-600/15 ring-inset"
            >
              {accept.error.message}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </form>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

function TextArea({ id, label, hint, max, value, onChange, error, rows }: FieldProps & { rows: number }) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={rows}
        maxLength={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn(inputClasses(Boolean(error)), 'h-auto resize-y py-2.5')}
      />
    </FieldShell>
  );
}

function Input({
  id,
  label,
  hint,
  max,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
}: FieldProps & { type?: string; autoComplete?: string }) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        maxLength={max}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputClasses(Boolean(error))}
      />
    </FieldShell>
  );
}
