import { Check } from 'lucide-react';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PAYOUT_STEPS, type PayoutStep } from '../payout-draft';

/** The four steps of the draft, then the code that confirms the payout once it exists. */
type StepperStep = PayoutStep | 'confirm';
const STEPPER_STEPS: readonly StepperStep[] = [...PAYOUT_STEPS, 'confirm'];

const STEP_LABELS: Record<StepperStep, string> = {
  account: 'Account',
  amount: 'Amount',
  recipient: 'Recipient',
  review: 'Review',
  confirm: 'Confirm',
};

interface PayoutStepperProps {
  current: StepperStep;
  /** Given, the steps already done are buttons that go back to them. */
  onStepSelect?: ((step: PayoutStep) => void) | undefined;
}

/** Where the merchant is in the payout: numbered steps, the done ones ticked (and reachable with the keyboard). */
export function PayoutStepper({ current, onStepSelect }: PayoutStepperProps) {
  const currentIndex = STEPPER_STEPS.indexOf(current);
  return (
    <nav aria-label="Payout steps" className="mb-6">
      <p className="sr-only">
        Step {currentIndex + 1} of {STEPPER_STEPS.length}: {STEP_LABELS[current]}
      </p>
      <ol className="grid grid-cols-5">
        {STEPPER_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          const marker = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-semibold ring-2 transition-colors',
                  done && 'bg-brand-700 text-white ring-brand-700',
                  isCurrent && 'bg-white text-brand-800 ring-brand-700',
                  !done && !isCurrent && 'bg-white text-slate-500 ring-slate-300',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  'text-xs font-medium sm:text-sm',
                  isCurrent ? 'text-slate-900' : done ? 'text-slate-700' : 'text-slate-500',
                )}
              >
                {STEP_LABELS[step]}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              data-testid={`payout-step-${step}`}
              className={cn(
                'relative flex justify-center',
                // The line to the next step, behind the markers.
                index < STEPPER_STEPS.length - 1 &&
                  "after:absolute after:top-4 after:left-1/2 after:h-0.5 after:w-full after:-translate-y-1/2 after:content-['']",
                done ? 'after:bg-brand-700' : 'after:bg-slate-200',
              )}
            >
              {done && onStepSelect && step !== 'confirm' ? (
                <button
                  type="button"
                  onClick={() => onStepSelect(step)}
                  className="group flex flex-col items-center gap-1.5 rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  {marker}
                  <span className="sr-only">, select to change</span>
                </button>
              ) : (
                <span className="flex flex-col items-center gap-1.5 px-1">{marker}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface StepFrameProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The step's heading takes the focus when it appears (not on the page's first paint). */
  focusOnMount?: boolean;
}

/** One step's card: its heading (focused when the merchant moves to it) and content. */
export function StepFrame({ title, description, children, focusOnMount = false }: StepFrameProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // In the commit itself: nothing (a screen reader, a test) sees the new step before its heading has the focus.
  useLayoutEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Back (to the previous step) and the step's main action, side by side; stacked full-width on a phone. */
export function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {children}
    </div>
  );
}
