import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoad } from '@/lib/navigation';
import { db } from '@/testing/mocks/db';
import { HOSTED_CHECKOUT_URL } from '@/testing/mocks/handlers/checkout';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { buildCheckoutPayment, buildCheckoutProduct, PAYMENT_ID, PRODUCT_ID } from '../testing/factories';

describe('A hosted checkout (PAYMENTS_PROVIDER=paystack, issue 24 §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for no card, starts the payment without one and sends the customer to the acquirer’s page', async () => {
    db.checkoutProducts = [buildCheckoutProduct({ paymentFlow: 'HOSTED', testCards: null })];
    const requests = recordRequests();
    // Leaving for another site is a page load jsdom cannot make: it is recorded instead.
    const leave = vi.spyOn(pageLoad, 'assign').mockImplementation(() => {});
    renderApp(`/pay/${PRODUCT_ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Tolu Adeyemi');
    await user.type(screen.getByLabelText('Email address'), 'tolu@example.com');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByTestId('hosted-checkout-note')).toHaveTextContent("our payment partner's secure page");

    await user.click(screen.getByRole('button', { name: 'Pay ₦5,000.00' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(HOSTED_CHECKOUT_URL));
    const started = requests.find((request) => request.method === 'POST');
    expect(started?.body).toEqual({
      quantity: 1,
      customerName: 'Tolu Adeyemi',
      customerEmail: 'tolu@example.com',
    });
  });

  it('waits for the acquirer’s word on the way back, with the way to its page, then shows the receipt', async () => {
    db.payments = [
      buildCheckoutPayment({
        status: 'CREATED',
        nextAction: 'REDIRECT',
        redirectUrl: HOSTED_CHECKOUT_URL,
        card: null,
        completedAt: null,
      }),
    ];
    renderApp(`/pay/${PRODUCT_ID}/payments/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      HOSTED_CHECKOUT_URL,
    );

    // The acquirer confirms (the API verified it): the page moves on by itself.
    db.payments = [buildCheckoutPayment({ card: { brand: 'VISA', last4: '4081' } })];
    expect(await screen.findByText('Visa •••• 4081', {}, { timeout: 6_000 })).toBeInTheDocument();
  });
});
