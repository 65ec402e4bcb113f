import {
  type CheckoutPayment,
  type CheckoutProduct,
  formatMoney,
  type StartPayment,
  StartPaymentSchema,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useAttemptKey } from '@/lib/idempotency-key';
import { productAmounts } from '../amounts';
import { START_PAYMENT_ERROR, useStartPayment } from '../api/start-payment';
import type { CustomerDraft } from '../customer-draft';
import { AmountSummary } from './amount-summary';
import { CardFields } from './card-fields';
import { CheckoutCard } from './checkout-shell';
import { MerchantIdentity } from './merchant-identity';
import { QuantityStepper } from './quantity-stepper';
import { TestCardsNote } from './test-cards-note';

type StartPaymentValues = z.output<typeof StartPaymentSchema>;

const SERVER_FIELDS: readonly Path<StartPayment>[] = [
  'quantity',
  'customerName',
  'customerEmail',
  'card.number',
  'card.expiry',
  'card.cvv',
];

interface CheckoutFormProps {
  product: CheckoutProduct;
  /** What the customer typed for an earlier attempt: another one starts from it. */
  draft?: CustomerDraft;
  /** The payment exists (whatever its state): the page moves to it, taking what the customer typed along. */
  onStarted: (payment: CheckoutPayment, draft: CustomerDraft) => void;
}

/** The order (merchant, product, quantity, amounts) beside the customer's details and card. */
export function CheckoutForm({ product, draft = {}, onStarted }: CheckoutFormProps) {
  const start = useStartPayment();
  const keyFor = useAttemptKey();
  const inFlight = useRef(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(StartPaymentSchema),
    defaultValues: {
      quantity: draft.quantity ?? 1,
      customerName: draft.customerName ?? '',
      customerEmail: draft.customerEmail ?? '',
      card: { number: '', expiry: '', cvv: '' },
    },
    mode: 'onTouched',
  });

  const quantity = useWatch({ control, name: 'quantity' });
  const stock = product.quantityAvailable;
  // Fewer left than asked for (another customer bought some): the order shrinks to what is there.
  useEffect(() => {
    if (quantity > stock) setValue('quantity', Math.max(stock, 1));
  }, [quantity, stock, setValue]);
  const amounts = productAmounts(product, Math.min(quantity, Math.max(stock, 1)));

  const onSubmit = async (values: StartPaymentValues) => {
    // A second click before the first answer is the same attempt: it must not send anything new.
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitError(null);
    try {
      const payment = await start.mutateAsync({
        productId: product.productId,
        idempotencyKey: keyFor(values),
        payment: values,
      });
      const { customerName, customerEmail, quantity } = values;
      onStarted(payment, { customerName, customerEmail, quantity });
    } catch (error) {
      inFlight.current = false;
      if (!applyServerFieldErrors(error, setError, SERVER_FIELDS)) {
        setSubmitError(errorMessage(error, START_PAYMENT_ERROR));
      }
    }
  };

  // Still waiting once the payment exists, while the next page loads: there is nothing left to click.
  const pending = isSubmitting || start.isPending || start.isSuccess;
  return (
    <CheckoutCard className="md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <section
        aria-label="Order summary"
        className="flex flex-col gap-6 border-b border-slate-200 bg-slate-50 p-5 sm:p-8 md:border-r md:border-b-0"
      >
        <MerchantIdentity
          businessName={product.merchant.businessName}
          logoUrl={product.merchant.checkoutLogUrl}
        />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
            {product.productName}
          </h1>
          {product.description ? (
            <p className="mt-2 text-sm/6 break-words whitespace-pre-line text-slate-600">
              {product.description}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">
            <span data-testid="unit-price" className="text-lg font-semibold text-slate-900 tabular-nums">
              {formatMoney(product.amount, product.currency)}
            </span>{' '}
            each
          </p>
        </div>
        <Controller
          control={control}
          name="quantity"
          render={({ field }) => (
            <QuantityStepper value={field.value} onChange={field.onChange} max={stock} disabled={pending} />
          )}
        />
        <AmountSummary amounts={amounts} feeBearer={product.feeBearer} />
      </section>

      <form
        noValidate
        aria-label="Pay by card"
        onSubmit={handleSubmit(onSubmit)}
        className="flex flex-col gap-5 p-5 sm:p-8"
      >
        <h2 className="text-base font-semibold text-slate-900">Your details</h2>
        <TextField
          label="Full name"
          autoComplete="name"
          placeholder="Ada Okafor"
          error={errors.customerName?.message}
          {...register('customerName')}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.customerEmail?.message}
          {...register('customerEmail')}
        />
        <h2 className="mt-2 text-base font-semibold text-slate-900">Card details</h2>
        <CardFields register={register} control={control} errors={errors.card} />
        {product.testCards ? <TestCardsNote cards={product.testCards} /> : null}
        {submitError ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg bg-red-50 px-3.5 py-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {submitError}
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="h-12 w-full text-base"
          pending={pending}
          icon={<Lock className="size-4" aria-hidden="true" />}
        >
          {`Pay ${formatMoney(amounts.customerTotal, amounts.currency)}`}
        </Button>
      </form>
    </CheckoutCard>
  );
}
