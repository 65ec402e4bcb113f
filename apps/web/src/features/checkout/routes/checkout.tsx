import { useLocation, useNavigate, useParams } from 'react-router';
import { isNotFound } from '@/lib/api-error';
import { redirectTo } from '@/lib/navigation';
import { useCheckoutProduct } from '../api/get-checkout-product';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutShell } from '../components/checkout-shell';
import { CheckoutSkeleton, InvalidLink, LoadFailed, ProductUnavailable } from '../components/checkout-states';
import { customerDraftFrom, draftState } from '../customer-draft';
import { paymentPath } from '../paths';

/** /pay/:productId — the public page behind a payment link. */
export function Component() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useLocation();
  const product = useCheckoutProduct(productId);
  const data = product.data;

  if (data) {
    const title = `${data.productName} · ${data.merchant.businessName}`;
    if (data.availability !== 'AVAILABLE') {
      return (
        <CheckoutShell title={title}>
          <ProductUnavailable
            reason={data.availability}
            productName={data.productName}
            businessName={data.merchant.businessName}
            logoUrl={data.merchant.checkoutLogUrl}
          />
        </CheckoutShell>
      );
    }
    return (
      <CheckoutShell width="wide" title={title}>
        <CheckoutForm
          product={data}
          draft={customerDraftFrom(state)}
          onStarted={async (payment, draft) => {
            // This entry keeps the draft too, so the browser's Back from the payment page finds the form filled in.
            await navigate('.', { replace: true, state: draftState(draft), preventScrollReset: true });
            // A hosted checkout: on to the acquirer's page, which sends the customer back to the payment's page.
            if (payment.nextAction === 'REDIRECT' && payment.redirectUrl) {
              redirectTo(payment.redirectUrl);
              return;
            }
            await navigate(paymentPath(productId, payment.paymentId), { state: draftState(draft) });
          }}
        />
      </CheckoutShell>
    );
  }
  if (product.isError) {
    return (
      <CheckoutShell title="Checkout">
        {isNotFound(product.error) ? (
          <InvalidLink />
        ) : (
          <LoadFailed
            title={product.error.message}
            onRetry={() => void product.refetch()}
            retrying={product.isFetching}
          >
            Check your connection and try again.
          </LoadFailed>
        )}
      </CheckoutShell>
    );
  }
  return (
    <CheckoutShell width="wide" title="Checkout">
      <CheckoutSkeleton />
    </CheckoutShell>
  );
}
