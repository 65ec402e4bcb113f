import {
  type CreateRefundRequest,
  CreateRefundRequestSchema,
  CURRENCY_INFO,
  type Currency,
  formatMoney,
  REFUND_MESSAGES,
  REFUND_NOTE_MAX,
  REFUND_REASONS,
  type RefundReason,
} from '@bizdash/shared';
import { type FormEvent, useId, useState } from 'react';
import { AmountField } from '@/components/ui/amount-field';
import { AmountLine } from '@/components/ui/amount-line';
import { Button } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';
import { FieldShell, inputClasses } from '@/components/ui/form-field';
import { FormModal } from '@/components/ui/modal';
import { readAmountText } from '@/lib/amount-text';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useAttemptKey } from '@/lib/idempotency-key';
import { useCreateRefund } from '../api/create-refund';
import { REFUND_REASON_LABELS } from '../refund-labels';

/** The payment a refund gives money back from, with what is left of it. */
interface RefundablePayment {
  /** The payment's transaction (its CREDIT), as the transactions API shows it. */
  transactionId: string;
  currency: Currency;
  /** What can still be refunded: what the customer paid, less the refunds that did not fail. */
  refundable: number;
  /** The card fee taken on the payment, which a refund does not give back; null while it is not known. */
  cardFee: number | null;
}

type Mode = 'full' | 'partial';
type Field = 'amount' | 'reason' | 'customerNote' | 'merchantNote' | 'restock';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['amount', 'reason', 'customerNote', 'merchantNote', 'restock'];

interface Draft {
  mode: Mode;
  amountText: string;
  reason: RefundReason;
  customerNote: string;
  merchantNote: string;
  restock: boolean;
}

const isField = (name: string | number | symbol | undefined): name is Field => FIELDS.includes(name as Field);

/** The amount the draft refunds (minor units), or null while the partial amount is not one. */
function draftAmount(draft: Draft, payment: RefundablePayment): number | null {
  if (draft.mode === 'full') return payment.refundable;
  return readAmountText(draft.amountText, payment.currency).amount;
}

/** The request the draft makes, checked as the API checks it (the shared schema), or what is wrong per field. */
function checkDraft(
  draft: Draft,
  payment: RefundablePayment,
): { request: CreateRefundRequest; errors: null } | { request: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let amount = payment.refundable;
  if (draft.mode === 'partial') {
    const read = readAmountText(draft.amountText, payment.currency);
    if (read.error !== null || read.amount === null) errors.amount = read.error ?? 'Enter an amount';
    else if (read.amount > payment.refundable) {
      errors.amount = `At most ${formatMoney(payment.refundable, payment.currency)} of this payment can still be refunded`;
    } else amount = read.amount;
  }
  const request: CreateRefundRequest = {
    transactionId: payment.transactionId,
    // Always the amount the confirmation shows, even for a full refund: a refund made elsewhere meanwhile makes
    // the API refuse it rather than refund a different amount.
    amount,
    reason: draft.reason,
    restock: draft.restock && amount === payment.refundable,
    ...(draft.customerNote.trim() ? { customerNote: draft.customerNote.trim() } : {}),
    ...(draft.merchantNote.trim() ? { merchantNote: draft.merchantNote.trim() } : {}),
  };
  const parsed = CreateRefundRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field)) errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { request: null, errors };
  return { request, errors: null };
}

interface RefundDialogProps {
  payment: RefundablePayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Refund a payment in full or in part (issue 22 §1): amount, reason, notes and restock, then a confirmation of
 * exactly what leaves the wallet. One Idempotency-Key per submission for the dialog's life: sending the same refund
 * again (a double click, a retry after a lost answer) refunds it once. Mount it afresh for each refund.
 */
export function RefundDialog({ payment, open, onOpenChange }: RefundDialogProps) {
  const formId = useId();
  const fieldId = useId();
  const [step, setStep] = useState<'details' | 'confirm'>('details');
  const [draft, setDraft] = useState<Draft>({
    mode: 'full',
    amountText: '',
    reason: 'requested_by_customer',
    customerNote: '',
    merchantNote: '',
    restock: false,
  });
  // Messages wait for the first Review, then follow every keystroke (as the payout's amount does).
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const attemptKey = useAttemptKey();
  const createRefund = useCreateRefund({ onSuccess: () => onOpenChange(false) });
  const { currency } = payment;
  const money = (minor: number) => formatMoney(minor, currency);
  const check = checkDraft(draft, payment);
  const errors: FieldErrors = { ...(submitted ? (check.errors ?? {}) : {}), ...serverErrors };
  const amount = draftAmount(draft, payment);
  const restockAllowed = amount === payment.refundable;

  const change = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setServerErrors({});
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.errors) {
      const first = FIELDS.find((field) => check.errors[field]);
      document.getElementById(`${fieldId}-${first ?? 'amount'}`)?.focus();
      return;
    }
    createRefund.reset();
    setStep('confirm');
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!check.request) return;
    const { request } = check;
    createRefund.mutate(
      { refund: request, idempotencyKey: attemptKey(request) },
      {
        onError: (error) => {
          // A field the API refused goes back under its field; any other refusal stays here as a sentence.
          if (!(error instanceof ApiError)) return;
          const byField: FieldErrors = {};
          for (const detail of error.details) {
            const field = detail.path.split('.').pop();
            if (isField(field)) byField[field] ??= detail.message;
          }
          if (Object.keys(byField).length > 0) {
            setServerErrors(byField);
            setStep('details');
          }
        },
      },
    );
  };

  const pending = createRefund.isPending;
  const confirmed = step === 'confirm' && check.request;

  return (
    <FormModal
      open={open}
      onClose={() => onOpenChange(false)}
      title="Refund payment"
      description={
        confirmed
          ? 'Check what leaves your wallet before you refund.'
          : 'The money goes back to the card the customer paid with.'
      }
      formId={formId}
      submitLabel={
        confirmed ? `Refund ${money(check.request.amount ?? payment.refundable)}` : 'Review refund'
      }
      pending={pending}
    >
      {confirmed ? (
        <form
          id={formId}
          noValidate
          onSubmit={confirm}
          aria-label="Confirm refund"
          className="flex flex-col gap-5"
        >
          <dl className="flex flex-col gap-2 rounded-lg bg-slate-50 px-4 py-3.5 ring-1 ring-slate-200">
            <AmountLine
              label="Reason"
              value={REFUND_REASON_LABELS[check.request.reason]}
              testId="refund-confirm-reason"
            />
            {check.request.restock ? (
              <AmountLine label="Restock" value="Items back in stock" testId="refund-confirm-restock" />
            ) : null}
            <AmountLine
              label="Back to the customer's card"
              value={money(check.request.amount ?? payment.refundable)}
              strong
              testId="refund-confirm-amount"
            />
          </dl>
          <p className="text-sm text-slate-700" data-testid="refund-confirm-sentence">
            {money(check.request.amount ?? payment.refundable)} will leave your {CURRENCY_INFO[currency].name}{' '}
            wallet.
            {payment.cardFee ? ` The card fee of ${money(payment.cardFee)} is not refunded.` : null}
          </p>
          {createRefund.error ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-600/15 ring-inset"
              data-testid="refund-error"
            >
              {createRefund.error.message}
            </p>
          ) : null}
          <div>
            <Button variant="ghost" size="sm" onClick={() => setStep('details')} disabled={pending}>
              Change the refund
            </Button>
          </div>
        </form>
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={review}
          aria-label="Refund payment"
          className="flex flex-col gap-5"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">How much</legend>
            <ChoiceCard
              name={`${fieldId}-mode`}
              value="full"
              checked={draft.mode === 'full'}
              onSelect={() => change({ mode: 'full' })}
              aside={
                <span className="text-sm font-medium text-slate-900 tabular-nums">
                  {money(payment.refundable)}
                </span>
              }
              testId="refund-mode-full"
            >
              Full refund
            </ChoiceCard>
            <ChoiceCard
              name={`${fieldId}-mode`}
              value="partial"
              checked={draft.mode === 'partial'}
              onSelect={() => change({ mode: 'partial', restock: false })}
              testId="refund-mode-partial"
            >
              Partial refund
            </ChoiceCard>
          </fieldset>
          {draft.mode === 'partial' ? (
            <AmountField
              id={`${fieldId}-amount`}
              label={`Amount to refund (${currency})`}
              currency={currency}
              value={draft.amountText}
              onChange={(amountText) => change({ amountText })}
              error={errors.amount}
              hint={`Up to ${money(payment.refundable)}`}
            />
          ) : null}
          <FieldShell id={`${fieldId}-reason`} label="Reason" error={errors.reason}>
            <select
              id={`${fieldId}-reason`}
              value={draft.reason}
              onChange={(event) => change({ reason: event.target.value as RefundReason })}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${fieldId}-reason-error` : undefined}
              className={inputClasses(Boolean(errors.reason))}
            >
              {REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REFUND_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </FieldShell>
          <NoteField
            id={`${fieldId}-customerNote`}
            label="Note to the customer"
            hint="Optional. The refund email to the customer includes it."
            value={draft.customerNote}
            onChange={(customerNote) => change({ customerNote })}
            error={errors.customerNote}
          />
          <NoteField
            id={`${fieldId}-merchantNote`}
            label="Internal note"
            hint="Optional. Only your team sees it."
            value={draft.merchantNote}
            onChange={(merchantNote) => change({ merchantNote })}
            error={errors.merchantNote}
          />
          <RestockField
            id={`${fieldId}-restock`}
            checked={draft.restock && restockAllowed}
            disabled={!restockAllowed}
            onChange={(restock) => change({ restock })}
            error={errors.restock}
          />
        </form>
      )}
    </FormModal>
  );
}

interface NoteFieldProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

function NoteField({ id, label, hint, value, onChange, error }: NoteFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={2}
        maxLength={REFUND_NOTE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={cn(inputClasses(Boolean(error)), 'h-auto resize-y py-2.5')}
      />
    </FieldShell>
  );
}

interface RestockFieldProps {
  id: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

/** Restock: only a refund of all that is left puts the bought quantity back (the API refuses it otherwise). */
function RestockField({ id, checked, disabled, onChange, error }: RestockFieldProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand-700 disabled:cursor-not-allowed"
      />
      <div className="text-sm">
        <label htmlFor={id} className={cn('font-medium', disabled ? 'text-slate-500' : 'text-slate-800')}>
          Put the items back in stock
        </label>
        <p id={`${id}-hint`} className={error ? 'text-red-700' : 'text-slate-600'}>
          {error ??
            (disabled
              ? REFUND_MESSAGES.restockNeedsFullRefund
              : 'The quantity the customer bought becomes available again.')}
        </p>
      </div>
    </div>
  );
}
