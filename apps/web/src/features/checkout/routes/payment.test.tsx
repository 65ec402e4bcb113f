import { CheckoutPaymentSchema } from '@bizdash/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { contractJson } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { buildCheckoutPayment, buildCheckoutProduct, PAYMENT_ID, PRODUCT_ID } from '../testing/factories';

const PAYMENT_PAGE = `/pay/${PRODUCT_ID}/payments/${PAYMENT_ID}`;
const otpWaiting = buildCheckoutPayment({
  status: 'CREATED',
  nextAction: 'OTP',
  sandboxOtp: '123456',
  completedAt: null,
});

describe('/pay/:productId/payments/:paymentId', () => {
  it('polls a processing payment every second until it is done', async () => {
    let reads = 0;
    server.use(
      http.get('/api/checkout/payments/:paymentId', () => {
        reads += 1;
        return contractJson(
          CheckoutPaymentSchema,
          reads < 2
            ? buildCheckoutPayment({ status: 'OTP_VERIFIED', completedAt: null })
            : buildCheckoutPayment(),
        );
      }),
    );
    renderApp(PAYMENT_PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Processing your payment...' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment successful' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('takes a wrong code, then the right one, and shows the receipt', async () => {
    db.payments = [otpWaiting];
    const requests = recordRequests();
    renderApp(PAYMENT_PAGE);
    const user = userEvent.setup();
    const code = await screen.findByLabelText('One-time code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('That code is not correct. 2 attempts left.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('BZD-7KQ2M9XH4T')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.endsWith('/otp'))).toHaveLength(2);
  });

  it('shows the payment as it now stands when the answer to its code is lost (the issuer had taken it)', async () => {
    db.payments = [otpWaiting];
    server.use(
      http.post('/api/checkout/payments/:paymentId/otp', () => {
        // The server took the code and went down before answering.
        db.payments = [buildCheckoutPayment()];
        return HttpResponse.error();
      }),
    );
    renderApp(PAYMENT_PAGE);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.queryByLabelText('One-time code')).not.toBeInTheDocument();
  });

  it('shows the failure when the last wrong code cancels the payment', async () => {
    db.payments = [otpWaiting];
    db.otpAttemptsLeft.set(PAYMENT_ID, 1);
    renderApp(PAYMENT_PAGE);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('One-time code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(/Too many incorrect codes/)).toBeInTheDocument();
  });

  it('goes back to the checkout from a failed payment', async () => {
    db.checkoutProducts = [buildCheckoutProduct()];
    db.payments = [buildCheckoutPayment({ status: 'FAILED', failureReason: 'Declined.' })];
    const { router } = renderApp(PAYMENT_PAGE);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${PRODUCT_ID}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ankara fabric bundle' }),
    ).toBeInTheDocument();
  });

  it("starts again from a failed payment's page with the customer's name, when opened from a link", async () => {
    db.checkoutProducts = [buildCheckoutProduct()];
    db.payments = [buildCheckoutPayment({ status: 'FAILED', failureReason: 'Declined.', quantity: 2 })];
    renderApp(PAYMENT_PAGE);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Full name')).toHaveValue('Tolu Adeyemi');
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
  });

  it('shows the merchant logo the payment names, without asking for the product again', async () => {
    db.payments = [buildCheckoutPayment({ checkoutLogUrl: '/logo.png' })];
    const requests = recordRequests();
    const { container } = renderApp(PAYMENT_PAGE);
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', '/logo.png'));
    expect(requests.map((request) => request.url)).not.toContainEqual(
      expect.stringContaining('/api/checkout/products/'),
    );
  });

  it('says when the payment does not exist', async () => {
    renderApp(PAYMENT_PAGE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this payment' }),
    ).toBeInTheDocument();
  });
});
