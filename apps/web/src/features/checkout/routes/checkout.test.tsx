import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { gate } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { buildCheckoutProduct, PRODUCT_ID } from '../testing/factories';

const CHECKOUT = `/pay/${PRODUCT_ID}`;
// The mocked card network's cards (testing/mocks/handlers/checkout.ts).
const DECLINED_CARD = '4000000000000002';
const OTP_CARD = '5061000000000005';

async function payWith(user: ReturnType<typeof userEvent.setup>, card: string) {
  await user.type(screen.getByLabelText('Full name'), 'Tolu Adeyemi');
  await user.type(screen.getByLabelText('Email address'), 'tolu@example.com');
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVV'), '123');
  await user.click(screen.getByRole('button', { name: /^Pay / }));
}

describe('/pay/:productId', () => {
  it('shows a skeleton while the product loads, then the checkout without any dashboard chrome', async () => {
    db.checkoutProducts = [buildCheckoutProduct()];
    const loading = gate();
    server.use(
      http.get('/api/checkout/products/:productId', async () => {
        await loading.opened;
      }),
    );
    renderApp(CHECKOUT);

    expect(await screen.findByText('Loading checkout')).toBeInTheDocument();
    loading.open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ankara fabric bundle' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Secured by')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('avatar')).not.toBeInTheDocument();
  });

  it.each([
    ['SOLD_OUT', 'This product is sold out'],
    ['ARCHIVED', 'This product is no longer available'],
  ] as const)('says a %s product cannot be bought and shows no form', async (availability, heading) => {
    db.checkoutProducts = [buildCheckoutProduct({ availability, quantityAvailable: 0 })];
    renderApp(CHECKOUT);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText('Okafor Textiles')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown id', CHECKOUT],
    ['a malformed id', '/pay/not-a-product'],
  ])('says the link is not valid for %s', async (_, path) => {
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This payment link is not valid.' }),
    ).toBeInTheDocument();
  });

  it("shows a stock conflict in the server's words and the product as it now is", async () => {
    db.checkoutProducts = [buildCheckoutProduct({ quantityAvailable: 5 })];
    renderApp(CHECKOUT);
    const user = userEvent.setup();
    const increase = await screen.findByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    await user.click(increase);
    // Another customer buys 3 while this one types.
    db.checkoutProducts = [buildCheckoutProduct({ quantityAvailable: 2 })];
    await user.type(screen.getByLabelText('Full name'), 'Tolu Adeyemi');
    await user.type(screen.getByLabelText('Email address'), 'tolu@example.com');
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay ₦15,000.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 left in stock.');
    expect(await screen.findByText('2 available')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Quantity')).toHaveValue(2));
    expect(screen.getByRole('button', { name: 'Pay ₦10,000.00' })).toBeEnabled();
  });

  it('moves to the payment page once the payment is started', async () => {
    db.checkoutProducts = [buildCheckoutProduct()];
    const { router } = renderApp(CHECKOUT);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Tolu Adeyemi');
    await user.type(screen.getByLabelText('Email address'), 'tolu@example.com');
    await user.type(screen.getByLabelText('Card number'), '5061000000000005');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay ₦5,000.00' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/pay/${PRODUCT_ID}/payments/${db.payments[0]?.paymentId}`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your one-time code' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['Try again after a declined card', DECLINED_CARD, 'Payment failed', 'Try again'],
    ['Use another card from the code step', OTP_CARD, 'Enter your one-time code', 'Use another card'],
  ])('%s keeps the name, email and quantity, never the card', async (_, card, heading, action) => {
    db.checkoutProducts = [buildCheckoutProduct()];
    const { router } = renderApp(CHECKOUT);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await payWith(user, card);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: action }));
    await waitFor(() => expect(router.state.location.pathname).toBe(CHECKOUT));
    expect(await screen.findByLabelText('Full name')).toHaveValue('Tolu Adeyemi');
    expect(screen.getByLabelText('Email address')).toHaveValue('tolu@example.com');
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
  });
});
