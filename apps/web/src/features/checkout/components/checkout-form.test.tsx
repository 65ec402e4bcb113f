import type { CheckoutProduct } from '@bizdash/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderWithQueryClient } from '@/testing/render';
import { buildCheckoutProduct, PRODUCT_ID } from '../testing/factories';
import { CheckoutForm } from './checkout-form';

const START_PAYMENT = '/api/checkout/products/:productId/payments';

/** The form shows the product as the API has it (so the API can take the payment). */
function renderForm(overrides: Partial<CheckoutProduct> = {}) {
  db.checkoutProducts = [buildCheckoutProduct(overrides)];
  const onStarted = vi.fn();
  const view = renderWithQueryClient(
    <CheckoutForm product={buildCheckoutProduct(overrides)} onStarted={onStarted} />,
  );
  return { ...view, onStarted, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillDetails(user: User, card = '5061000000000005') {
  await user.type(screen.getByLabelText('Full name'), 'Tolu Adeyemi');
  await user.type(screen.getByLabelText('Email address'), 'Tolu@Example.com');
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
  await user.type(screen.getByLabelText('CVV'), '123');
}

const amountLine = (testId: string) => screen.getByTestId(testId).textContent;
const payButton = () => screen.getByRole('button', { name: /^Pay / });

describe('CheckoutForm', () => {
  it('shows who is paid, for what, and the unit price', () => {
    renderForm();
    expect(screen.getByText('Okafor Textiles')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ankara fabric bundle' })).toBeInTheDocument();
    expect(screen.getByText('Six yards of hand-printed cotton.')).toBeInTheDocument();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₦5,000.00');
  });

  it('lists the test cards the sandbox network gives, and none when a real network takes the payment', () => {
    const sandbox = renderForm();
    expect(screen.getByText('Test cards')).toBeInTheDocument();
    expect(screen.getByText('5061 0000 0000 0005')).toBeInTheDocument();
    expect(screen.getByText('Code 123456, then approved')).toBeInTheDocument();
    sandbox.unmount();

    renderForm({ testCards: null });
    expect(screen.queryByText('Test cards')).not.toBeInTheDocument();
  });

  it.each([
    ['/uploads/okafor.png', true],
    [`${window.location.origin}/api/files/3f8a7c52-5d7e-4c1b-9a3e-2b6f0d1e4c7a`, true],
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['https://cdn.example.com/okafor.png', false],
    ['//cdn.example.com/okafor.png', false],
    [null, false],
  ])('shows the logo %j only when it is on this site or inline (%s), else the initials', (url, isLogo) => {
    const { container } = renderForm({ merchant: { businessName: 'Okafor Textiles', checkoutLogUrl: url } });
    expect(container.querySelector('img')?.getAttribute('src') ?? null).toBe(isLogo ? url : null);
    if (!isLogo) expect(screen.getByTestId('merchant-monogram')).toHaveTextContent('OT');
  });

  it('adds the fee to what the customer pays when the customer bears it', async () => {
    const { user } = renderForm({ feeBearer: 'CUSTOMER' });
    // 1.5% of ₦5,000 is ₦75, plus ₦100 once the order reaches ₦2,500.
    expect(amountLine('amount-subtotal')).toBe('₦5,000.00');
    expect(amountLine('amount-fee')).toBe('₦175.00');
    expect(amountLine('amount-total')).toBe('₦5,175.00');
    expect(payButton()).toHaveTextContent('Pay ₦5,175.00');

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(amountLine('amount-subtotal')).toBe('₦10,000.00');
    expect(amountLine('amount-fee')).toBe('₦250.00');
    expect(amountLine('amount-total')).toBe('₦10,250.00');
    expect(payButton()).toHaveTextContent('Pay ₦10,250.00');
  });

  it('charges exactly the price when the merchant bears the fee', async () => {
    const { user } = renderForm({ feeBearer: 'MERCHANT' });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(amountLine('amount-subtotal')).toBe('₦10,000.00');
    expect(amountLine('amount-fee')).toBe('₦0.00');
    expect(screen.getByText('Covered by the seller')).toBeInTheDocument();
    expect(amountLine('amount-total')).toBe('₦10,000.00');
    expect(payButton()).toHaveTextContent('Pay ₦10,000.00');
  });

  it('keeps the quantity between 1 and the units in stock', async () => {
    const { user } = renderForm({ quantityAvailable: 3 });
    const quantity = screen.getByLabelText('Quantity');
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    expect(quantity).toHaveValue(1);
    expect(decrease).toBeDisabled();
    expect(screen.getByText('3 available')).toBeInTheDocument();

    await user.click(increase);
    await user.click(increase);
    expect(quantity).toHaveValue(3);
    expect(increase).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '9');
    expect(quantity).toHaveValue(3);
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(quantity).toHaveValue(1);
    expect(amountLine('amount-total')).toBe('₦5,000.00');
  });

  it('says what each field needs when submitted empty, and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = renderForm();
    await user.click(payButton());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Card number is required')).toBeInTheDocument();
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument();
    expect(screen.getByText('CVV is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('rejects a mistyped card number, an expired card and a short CVV', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0120');
    await user.type(screen.getByLabelText('CVV'), '12');
    await user.tab();

    expect(await screen.findByText('Card number is invalid')).toBeInTheDocument();
    expect(screen.getByText('This card has expired')).toBeInTheDocument();
    expect(screen.getByText('CVV must be 3 or 4 digits')).toBeInTheDocument();
  });

  it('groups the card number as it is typed and names its brand', async () => {
    const { user } = renderForm();
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');

    await user.clear(number);
    await user.type(number, '5061000000000005');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Verve');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVV')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('starts the payment with an Idempotency-Key and hands the answer on, with what the customer typed', async () => {
    const requests = recordRequests();
    const { user, onStarted } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await fillDetails(user);
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/40');
    await user.click(payButton());

    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledOnce());
    expect(db.payments).toHaveLength(1);
    expect(db.payments[0]).toMatchObject({ quantity: 2, status: 'CREATED', nextAction: 'OTP' });
    // The name, email and quantity go along so another attempt starts from them; the card never does.
    expect(onStarted).toHaveBeenCalledWith(db.payments[0], {
      customerName: 'Tolu Adeyemi',
      customerEmail: 'tolu@example.com',
      quantity: 2,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`/api/checkout/products/${PRODUCT_ID}/payments`);
    expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,100}$/);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.body).toEqual({
      quantity: 2,
      customerName: 'Tolu Adeyemi',
      customerEmail: 'tolu@example.com',
      card: { number: '5061000000000005', expiry: '12/40', cvv: '123' },
    });
  });

  it('says Please wait... while paying and sends a double click once', async () => {
    server.use(http.post(START_PAYMENT, () => delay('infinite')));
    const requests = recordRequests();
    const { user } = renderForm();
    await fillDetails(user);
    await user.dblClick(payButton());

    const pending = await screen.findByRole('button', { name: 'Please wait...' });
    expect(pending).toBeDisabled();
    expect(requests).toHaveLength(1);
  });

  it('sends the same details again with the same key, and new details with a new key', async () => {
    let calls = 0;
    server.use(
      http.post(START_PAYMENT, async () => {
        calls += 1;
        if (calls < 3) return HttpResponse.error();
        await delay('infinite');
      }),
    );
    const requests = recordRequests();
    const { user } = renderForm();
    await fillDetails(user);
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);

    await user.click(payButton());
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    const key = (index: number) => requests[index]?.headers.get('Idempotency-Key');
    expect(key(1)).toBe(key(0));

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(key(2)).not.toBe(key(0));
  });

  it("puts the server's field messages under the fields they are about", async () => {
    server.use(
      http.post(START_PAYMENT, () =>
        apiError(400, 'Invalid request', 'VALIDATION_ERROR', [
          { path: 'card.number', message: 'This card number is not accepted' },
          { path: 'customerEmail', message: 'This email address cannot receive mail' },
        ]),
      ),
    );
    const { user } = renderForm();
    await fillDetails(user);
    await user.click(payButton());

    const number = screen.getByLabelText('Card number');
    expect(await screen.findByText('This card number is not accepted')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This email address cannot receive mail')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal above the pay button", async () => {
    const { user } = renderForm();
    // The last units sold while this customer was typing.
    db.checkoutProducts = [buildCheckoutProduct({ availability: 'SOLD_OUT', quantityAvailable: 0 })];
    await fillDetails(user);
    await user.click(payButton());
    const form = screen.getByRole('form', { name: 'Pay by card' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('This product is sold out.');
    expect(payButton()).toBeEnabled();
  });
});
