import { CURRENCY_INFO, type FxQuote, formatMoney } from '@bizdash/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { QuoteCountdown } from './quote-countdown';
import { QuoteDetails } from './quote-details';

interface ConfirmConversionModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quote: FxQuote;
  countdown: { secondsLeft: number; totalSeconds: number; refreshing: boolean };
  converting: boolean;
  /** What went wrong with the last attempt, said in the dialog (a retry converts the same quote). */
  error: string | null;
  onConfirm: () => void;
}

/** The quote as it will move, one last time; the countdown keeps running and a refreshed quote shows here too. */
export function ConfirmConversionModal({
  open,
  onOpenChange,
  quote,
  countdown,
  converting,
  error,
  onConfirm,
}: ConfirmConversionModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!converting) onOpenChange(next);
      }}
      title="Confirm conversion"
      description={`${formatMoney(quote.amountIn, quote.from)} leaves your ${CURRENCY_INFO[quote.from].name} wallet and ${formatMoney(quote.amountOut, quote.to)} arrives in your ${CURRENCY_INFO[quote.to].name} wallet.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={converting}>
            Cancel
          </Button>
          <Button onClick={onConfirm} pending={converting} disabled={countdown.refreshing}>
            Convert
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <QuoteDetails quote={quote} />
        <QuoteCountdown {...countdown} />
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
