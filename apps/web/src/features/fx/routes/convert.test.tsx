import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildWallet } from '@/testing/factories';
import { db, type MockFx } from '@/testing/mocks/db';
import { networkFailure } from '@/testing/mocks/handlers/fx';
import { recordRequests } from '@/testing/mocks/requests';
import { apiError } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function openConvert(path = '/convert', fx: Partial<MockFx> = {}) {
  Object.assign(db.fx, fx);
  signIn();
  const requests = recordRequests();
  renderApp(path);
  return { requests, user: userEvent.setup() };
}

const quoteRequests = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((request) => request.url === '/api/fx/quotes');
const conversionRequests = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((request) => request.url === '/api/fx/conversions');

async function typeAmount(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const input = await screen.findByLabelText(/^Amount to (send|receive) in/);
  await user.clear(input);
  await user.type(input, amount);
}

// Typing, the quote, the dialog and the conversion: several round trips, slower than most on a busy machine.
describe('/convert', { timeout: 15_000 }, () => {
  it('quotes as the merchant types and converts after confirming: one Idempotency-Key, a toast, balances refreshed', async () => {
    db.wallets = [
      buildWallet({ availableBalance: 250_000_00 }),
      buildWallet({ currency: 'USD', availableBalance: 100_00 }),
    ];
    const { requests, user } = openConvert();
    expect(await screen.findByRole('heading', { name: 'Convert', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('balance-NGN')).toHaveTextContent('₦250,000.00');
    expect(screen.getByTestId('quote-empty')).toHaveTextContent('Enter an amount');
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();

    await typeAmount(user, '100,000');
    const quote = await screen.findByTestId('quote');
    expect(within(quote).getByTestId('quote-amount-in')).toHaveTextContent('₦100,000.00');
    expect(within(quote).getByTestId('quote-fee')).toHaveTextContent('₦500.00');
    expect(within(quote).getByTestId('quote-rate')).toHaveTextContent('$1 = ₦1,573.2500');
    expect(within(quote).getByText('Mid-market $1 = ₦1,550.0000')).toBeInTheDocument();
    // ₦99,500 / 1573.25
    expect(within(quote).getByTestId('quote-amount-out')).toHaveTextContent('$63.24');
    expect(within(quote).getByTestId('quote-seconds-left')).toHaveTextContent(/^(30|29)s$/);
    // One quote for the settled amount, not one per keystroke.
    expect(quoteRequests(requests).map((request) => request.body)).toEqual([
      { from: 'NGN', to: 'USD', side: 'sell', amount: 100_000_00 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm conversion' });
    expect(dialog).toHaveTextContent(
      '₦100,000.00 leaves your Naira wallet and $63.24 arrives in your Dollars wallet.',
    );
    expect(conversionRequests(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));

    expect(await screen.findByText('Converted ₦100,000.00 to $63.24')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [conversion] = conversionRequests(requests);
    expect(conversion?.body).toEqual({ quoteId: expect.any(String) });
    expect(conversion?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The balances are read again after the conversion.
    expect(await screen.findByTestId('balance-NGN')).toHaveTextContent('₦150,000.00');
    expect(screen.getByTestId('balance-USD')).toHaveTextContent('$163.24');
    expect(screen.getByTestId('last-conversion')).toHaveTextContent('Reference FX-ABCDEFGHJK');
    expect(screen.getByRole('link', { name: 'View transactions' })).toHaveAttribute(
      'href',
      '/transactions/all?q=FX-ABCDEFGHJK',
    );
    expect(screen.getByLabelText(/^Amount to send/)).toHaveValue('');
  });

  it('retries a conversion whose answer was lost with the same Idempotency-Key', async () => {
    db.wallets = [buildWallet({ availableBalance: 250_000_00 }), buildWallet({ currency: 'USD' })];
    const { requests, user } = openConvert('/convert', { conversionAnswers: [networkFailure] });
    await typeAmount(user, '1000');
    await screen.findByTestId('quote');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm conversion' });
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unable to reach the server');

    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Converted ₦1,000.00 to $0.63')).toBeInTheDocument();
    const keys = conversionRequests(requests).map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('gets a new quote when the countdown runs out, and when the server says the quote expired', async () => {
    db.wallets = [buildWallet({ availableBalance: 250_000_00 }), buildWallet({ currency: 'USD' })];
    const { requests, user } = openConvert('/convert', {
      quoteTtlMs: 2_500,
      conversionAnswers: [
        () => apiError(409, 'This quote has expired. Get a new quote and try again.', 'QUOTE_EXPIRED'),
      ],
    });
    await typeAmount(user, '5000');
    expect(await screen.findByTestId('quote-seconds-left')).toHaveTextContent(/^[23]s$/);
    await waitFor(() => expect(quoteRequests(requests)).toHaveLength(2), { timeout: 4_000 });

    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm conversion' });
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This quote has expired. Get a new quote and try again. A new quote is shown above.',
    );
    await waitFor(() => expect(quoteRequests(requests).length).toBeGreaterThanOrEqual(3));
  });

  it('says when the wallet cannot pay, and Convert stays off', async () => {
    db.wallets = [buildWallet({ availableBalance: 50_000_00 }), buildWallet({ currency: 'USD' })];
    const { user } = openConvert();
    await typeAmount(user, '100000');
    expect(await screen.findByTestId('insufficient-balance')).toHaveTextContent(
      'Your Naira balance is not enough for this conversion.',
    );
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
  });

  it('says why an amount cannot be quoted, in the API’s words', async () => {
    const { requests, user } = openConvert();
    await typeAmount(user, '50');
    expect(await screen.findByText('Amount must be at least ₦100.00')).toBeInTheDocument();
    await typeAmount(user, '12.345');
    expect(await screen.findByText('Enter an amount like 2500 or 2500.50')).toBeInTheDocument();
    await typeAmount(user, '999999999999999999999');
    expect(await screen.findByText('Amount must be at most ₦100,000,000.00')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Amount to send/)).toHaveAttribute('aria-invalid', 'true');
    expect(quoteRequests(requests)).toHaveLength(0);
  });

  it('swaps the currencies and quotes what arrives when the merchant chooses You receive', async () => {
    const { requests, user } = openConvert();
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('NGN');
    expect(to).toHaveValue('USD');
    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));
    expect(from).toHaveValue('USD');
    expect(to).toHaveValue('NGN');
    // Choosing the same currency on both sides swaps them too.
    await user.selectOptions(to, 'USD');
    expect(from).toHaveValue('NGN');
    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));

    await user.click(screen.getByRole('radio', { name: 'You receive' }));
    await typeAmount(user, '100000');
    expect(await screen.findByTestId('quote-amount-out')).toHaveTextContent('₦100,000.00');
    expect(quoteRequests(requests).at(-1)?.body).toEqual({
      from: 'USD',
      to: 'NGN',
      side: 'buy',
      amount: 100_000_00,
    });
  });

  it('is reached from the sidebar and from a wallet card, which starts from that wallet', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/accounts');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Convert' })).toHaveAttribute('href', '/convert');
    const dollars = await screen.findByTestId('wallet-card-USD');
    await user.click(within(dollars).getByRole('link', { name: 'Convert from Dollars' }));
    expect(await screen.findByRole('heading', { name: 'Convert', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('USD');
    expect(screen.getByLabelText('To')).toHaveValue('NGN');
    expect(within(nav).getByRole('link', { name: 'Convert' })).toHaveAttribute('aria-current', 'page');
  });
});
