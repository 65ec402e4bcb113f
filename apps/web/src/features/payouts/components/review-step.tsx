import { type CreatePayoutRequest, PAYOUT_MESSAGES, type Payout } from '@bizdash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Mail, ShieldCheck, TriangleAlert } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';
import { useCreatePayout } from '../api/create-payout';
import type { PayoutDraft, PayoutStep } from '../payout-draft';
import { DOCUMENTS_PATH } from './kyc-gate';
import { StepActions, StepFrame } from './payout-stepper';
import { type PayoutFigures, PayoutSummary } from './payout-summary';

interface ReviewStepProps {
  figures: PayoutFigures;
  request: CreatePayoutRequest;
  /** Whether the code comes from the authenticator app (else it is emailed). */
  twoFactor: boolean;
  attempt: PayoutDraft['review'];
  onAttempt: (attempt: PayoutDraft['review']) => void;
  onBack: () => void;
  onGoTo: (step: PayoutStep) => void;
  onCreated: (payout: Payout) => void;
  focusOnMount: boolean;
}

/**
 * Whether the server has answered this attempt for good (a refusal it keeps and would replay): sending again is
 * then a new attempt with a new key. A lost connection, a server error or a rate limit leaves the outcome open, so
 * a retry reuses the key and the server answers the first attempt once.
 */
function attemptIsOver(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'IDEMPOTENCY_IN_PROGRESS') return false;
  return error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** What the merchant can do about a refused payout, by the server's code. */
function ErrorFix({ code, onGoTo }: { code: string | undefined; onGoTo: (step: PayoutStep) => void }) {
  const linkClasses = 'font-semibold text-red-900 underline underline-offset-2 hover:text-red-950';
  switch (code) {
    case 'KYC_REQUIRED':
      return (
        <Link to={DOCUMENTS_PATH} className={linkClasses}>
          Go to Documents
        </Link>
      );
    case 'INSUFFICIENT_FUNDS':
    case 'DAILY_LIMIT':
      return (
        <button type="button" className={linkClasses} onClick={() => onGoTo('amount')}>
          Change the amount
        </button>
      );
    case 'ACCOUNT_ON_HOLD':
    case 'BANK_ACCOUNT_INACTIVE':
    case 'CURRENCY_MISMATCH':
      return (
        <button type="button" className={linkClasses} onClick={() => onGoTo('recipient')}>
          Choose another account
        </button>
      );
    default:
      return null;
  }
}

/** Step 4: everything at a glance, then 'Send payout' creates it (it waits for the code next). */
export function ReviewStep({
  figures,
  request,
  twoFactor,
  attempt,
  onAttempt,
  onBack,
  onGoTo,
  onCreated,
  focusOnMount,
}: ReviewStepProps) {
  const queryClient = useQueryClient();
  const create = useCreatePayout();
  const error = create.error;

  const send = () => {
    const fingerprint = JSON.stringify(request);
    const idempotencyKey =
      attempt?.fingerprint === fingerprint ? attempt.idempotencyKey : newIdempotencyKey();
    onAttempt({ fingerprint, idempotencyKey });
    create.mutate(
      { payout: request, idempotencyKey },
      {
        onSuccess: (payout) => {
          toast.success(PAYOUT_MESSAGES.created);
          onCreated(payout);
        },
        onError: (failure) => {
          if (attemptIsOver(failure)) onAttempt(null);
          toast.error(failure.message);
          // Balances, limits and accounts may have moved on since the steps read them.
          for (const queryKey of [queryKeys.payouts, queryKeys.wallets, queryKeys.banks]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        },
      },
    );
  };

  const ConfirmIcon = twoFactor ? ShieldCheck : Mail;
  return (
    <StepFrame
      title="Review your payout"
      description="Check the details: once confirmed, the money leaves your wallet."
      focusOnMount={focusOnMount}
    >
      <PayoutSummary figures={figures} />
      <p className="mt-4 flex items-start gap-2.5 text-sm text-slate-600">
        <ConfirmIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {twoFactor
          ? 'Next, confirm with the 6-digit code from your authenticator app.'
          : 'Next, we email you a 6-digit code to confirm it.'}
      </p>
      {error ? (
        <div
          role="alert"
          data-testid="payout-error"
          className="mt-4 flex items-start gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="flex flex-col items-start gap-1">
            <p>{error.message}</p>
            <ErrorFix code={error instanceof ApiError ? error.code : undefined} onGoTo={onGoTo} />
          </div>
        </div>
      ) : null}
      <StepActions onBack={onBack}>
        <Button onClick={send} pending={create.isPending}>
          Send payout
        </Button>
      </StepActions>
    </StepFrame>
  );
}
