import { type CheckoutPayment, type CheckoutProduct, formatMoney } from '@bizdash/shared';
import { Lock, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import type { CustomerDraft } from '../customer-draft';
import { useCheckoutForm } from '../use-checkout-form';
import { AmountSummary } from './amount-summary';
import { CardFields } from './card-fields';
import { CheckoutCard } from './checkout-shell';
import { MerchantIdentity } from './merchant-identity';
import { QuantityStepper } from './quantity-stepper';
import { TestCardsNote } from './test-cards-note';

interface CheckoutFormProps {
  product: CheckoutProduct;
  /** What the customer typed for an earlier attempt: another one starts from it. */
  draft?: CustomerDraft;
  /** The payment exists (whatever its state): the page moves to it, taking what the customer typed along. */
  onStarted: (payment: CheckoutPayment, draft: CustomerDraft) => void;
}

/**
 * The order (merchant, product, quantity, amounts) beside the customer's details and card; on a hosted checkout
 * the card is asked for on the acquirer's own page, which the answer sends the customer to.
 */
export function CheckoutForm({ product, draft = {}, onStarted }: CheckoutFormProps) {
  const hosted = product.paymentFlow === 'HOSTED';
  const { register, control, errors, amounts, pending, submitError, ...form } = useCheckoutForm({
    product,
    draft,
    onStarted,
  });
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
            <QuantityStepper
              value={field.value}
              onChange={field.onChange}
              max={form.stock}
              disabled={pending}
            />
          )}
        />
        <AmountSummary amounts={amounts} feeBearer={product.feeBearer} />
      </section>

      <form
        noValidate
        aria-label={hosted ? 'Pay' : 'Pay by card'}
        onSubmit={form.submit}
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
        {hosted ? (
          <p className="flex items-start gap-2 text-sm/6 text-slate-600" data-testid="hosted-checkout-note">
            <ShieldCheck className="mt-1 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            Next, you pay on our payment partner's secure page, then come back here for your receipt.
          </p>
        ) : (
          <>
            <h2 className="mt-2 text-base font-semibold text-slate-900">Card details</h2>
            <CardFields register={register} control={control} errors={errors.card} />
          </>
        )}
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
