import {
  type CheckoutPayment,
  type CheckoutProduct,
  StartHostedPaymentSchema,
  type StartPayment,
  StartPaymentSchema,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api-error';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useAttemptKey } from '@/lib/idempotency-key';
import { productAmounts } from './amounts';
import { START_PAYMENT_ERROR, useStartPayment } from './api/start-payment';
import type { CustomerDraft } from './customer-draft';

type StartPaymentValues = z.output<typeof StartPaymentSchema>;

const cardResolver = zodResolver(StartPaymentSchema);
/**
 * A hosted checkout's acquirer takes the card on its own page: the form keeps its (hidden, empty) card fields, and
 * the schema without a card drops them from what is sent.
 */
const hostedResolver = zodResolver(StartHostedPaymentSchema) as unknown as typeof cardResolver;

const SERVER_FIELDS: readonly Path<StartPayment>[] = [
  'quantity',
  'customerName',
  'customerEmail',
  'card.number',
  'card.expiry',
  'card.cvv',
];

interface CheckoutFormOptions {
  product: CheckoutProduct;
  /** What the customer typed for an earlier attempt: another one starts from it. */
  draft: CustomerDraft;
  /** The payment exists (whatever its state): the page moves to it, taking what the customer typed along. */
  onStarted: (payment: CheckoutPayment, draft: CustomerDraft) => void;
}

/**
 * The checkout form's state: the customer's details and card (none on a hosted checkout, whose page takes it), the quantity kept within the stock, the amounts it
 * makes, and one payment attempt per set of details however often Pay is clicked.
 */
export function useCheckoutForm({ product, draft, onStarted }: CheckoutFormOptions) {
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
    resolver: product.paymentFlow === 'HOSTED' ? hostedResolver : cardResolver,
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

  return {
    register,
    control,
    errors,
    submit: handleSubmit(onSubmit),
    submitError,
    stock,
    amounts: productAmounts(product, Math.min(quantity, Math.max(stock, 1))),
    // Still waiting once the payment exists, while the next page loads: there is nothing left to click.
    pending: isSubmitting || start.isPending || start.isSuccess,
  };
}
