import type { CheckoutPayment } from '@bizdash/shared';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-error';
import { paymentStep, usePayment } from '../api/get-payment';
import { CheckoutCard, CheckoutShell } from '../components/checkout-shell';
import { LoadFailed, PaymentAwaitingHostedPage, PaymentProcessing } from '../components/checkout-states';
import { MerchantIdentity } from '../components/merchant-identity';
import { OtpStep } from '../components/otp-step';
import { PaymentFailed } from '../components/payment-failed';
import { PaymentReceipt } from '../components/payment-receipt';
import { customerDraftFrom, draftState } from '../customer-draft';
import { checkoutPath } from '../paths';

/** /pay/:productId/payments/:paymentId — where a payment stands, so a reload keeps the customer in place. */
export function Component() {
  const { productId = '', paymentId = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useLocation();
  const payment = usePayment(paymentId);
  const data = payment.data;

  if (!data) {
    const notFound = isNotFound(payment.error);
    return (
      <CheckoutShell title="Payment">
        {payment.isError ? (
          <LoadFailed
            title={notFound ? 'We could not find this payment' : payment.error.message}
            {...(notFound ? {} : { onRetry: () => void payment.refetch(), retrying: payment.isFetching })}
          >
            {notFound
              ? 'Check the address, or go back to the payment link and start again.'
              : 'Check your connection and try again.'}
          </LoadFailed>
        ) : (
          <CheckoutCard className="flex justify-center p-12">
            <Spinner className="size-10 text-brand-700" label="Loading payment" />
          </CheckoutCard>
        )}
      </CheckoutShell>
    );
  }

  // Another attempt starts from what the customer typed; opened from a link, from what the payment knows.
  const backToCheckout = () => {
    const draft = { customerName: data.customerName, quantity: data.quantity, ...customerDraftFrom(state) };
    navigate(checkoutPath(productId), { state: draftState(draft) });
  };
  return (
    <CheckoutShell title={`${data.productName} · ${data.businessName}`}>
      <CheckoutCard>
        <div className="border-b border-slate-200 bg-slate-50 px-6 py-4 sm:px-8">
          <MerchantIdentity businessName={data.businessName} logoUrl={data.checkoutLogUrl} />
        </div>
        <div className="p-6 sm:p-8">
          <PaymentState payment={data} onBackToCheckout={backToCheckout} />
        </div>
      </CheckoutCard>
    </CheckoutShell>
  );
}

interface PaymentStateProps {
  payment: CheckoutPayment;
  onBackToCheckout: () => void;
}

function PaymentState({ payment, onBackToCheckout }: PaymentStateProps) {
  switch (paymentStep(payment)) {
    case 'SUCCESSFUL':
      return <PaymentReceipt payment={payment} />;
    case 'FAILED':
      return <PaymentFailed payment={payment} onTryAgain={onBackToCheckout} />;
    case 'OTP':
      return <OtpStep payment={payment} onUseAnotherCard={onBackToCheckout} />;
    case 'REDIRECT':
      return <PaymentAwaitingHostedPage redirectUrl={payment.redirectUrl} onStartAgain={onBackToCheckout} />;
    case 'PROCESSING':
      return <PaymentProcessing />;
  }
}
