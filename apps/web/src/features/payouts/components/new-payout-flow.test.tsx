import { PAYOUT_MESSAGES } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, WALLET_IDS } from '@/testing/factories';
import { db, PAYOUT_EMAIL_CODE, TWO_FACTOR_APP_CODE } from '@/testing/mocks/db';
import { pushLiveNotice } from '@/testing/mocks/handlers/live';
import { updatePayout } from '@/testing/mocks/handlers/payouts';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { BANK_ACCOUNT_IDS, buildBankAccount, buildPayoutTerms } from '../testing/factories';

beforeEach(() => {
  db.bankAccounts = [buildBankAccount()];
  db.user = buildUser({ status: 'ACTIVE' });
});

function openNewPayout(path = '/payouts/new') {
  signIn();
  const requests = recordRequests();
  const view = renderApp(path);
  return { ...view, requests, user: userEvent.setup() };
}

const currentStep = () =>
  screen.getByRole('navigation', { name: 'Payout steps' }).querySelector('[aria-current="step"]');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function chooseWallet(user: ReturnType<typeof userEvent.setup>, name = /Naira wallet/) {
  await user.click(await screen.findByRole('radio', { name }));
  await user.click(continueButton());
  return screen.findByRole('heading', { name: 'How much?' });
}

async function enterAmount(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(screen.getByLabelText('Amount (NGN)'), amount);
  await user.click(continueButton());
}

async function toReview(user: ReturnType<typeof userEvent.setup>, amount = '5000') {
  await chooseWallet(user);
  await enterAmount(user, amount);
  await user.click(await screen.findByRole('radio', { name: /GTBank/ }));
  await user.click(continueButton());
  return screen.findByRole('heading', { name: 'Review your payout' });
}

describe('New payout: KYC', () => {
  it.each([
    ['PENDING_KYC', 'Verify your identity to pay out', 'Complete KYC in Documents'],
    ['IN_REVIEW', 'Your identity check is in review', 'Go to Documents'],
    ['KYC_FAILED', 'Your identity could not be verified', 'Try KYC again in Documents'],
  ] as const)(
    'a merchant in %s sees why payouts are unavailable and a link to Documents',
    async (status, title, link) => {
      db.user = buildUser({ status });
      const { requests } = openNewPayout();
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/settings/documents');
      expect(screen.queryByRole('navigation', { name: 'Payout steps' })).not.toBeInTheDocument();
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    },
  );
});

describe('New payout: the steps', { timeout: 20_000 }, () => {
  it('goes account -> amount -> recipient -> review and Back keeps what was chosen', async () => {
    const { user, router } = openNewPayout();
    expect(await screen.findByRole('heading', { name: 'Which wallet?' })).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Account');
    expect(screen.getByRole('radio', { name: /Naira wallet/ })).toHaveAccessibleName(/₦1,082,502\.64/);
    expect(screen.getByRole('radio', { name: /Dollars wallet/ })).toHaveAccessibleName(/\$4,306\.03/);

    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the wallet to pay out from');

    const amountHeading = await chooseWallet(user);
    expect(amountHeading).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Amount');
    expect(router.state.location.search).toBe('?step=amount');

    await enterAmount(user, '5000');
    expect(await screen.findByRole('heading', { name: 'To which account?' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /GTBank/ }));
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Review your payout' })).toHaveFocus();
    expect(screen.getByTestId('summary-from')).toHaveTextContent('Naira wallet');
    expect(screen.getByTestId('summary-account')).toHaveTextContent('GTBank ****6789');
    expect(screen.getByTestId('summary-account')).toHaveTextContent('Ada Okafor');
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('₦5,000.00');
    expect(screen.getByTestId('summary-fee')).toHaveTextContent('₦10.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₦5,010.00');
    expect(screen.getByTestId('summary-arrives')).toHaveTextContent('₦5,000.00');
    expect(screen.getByTestId('summary-arrival')).toHaveTextContent('Usually within minutes');
    expect(screen.getByText('Next, we email you a 6-digit code to confirm it.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /GTBank/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Amount (NGN)')).toHaveValue('5000');
    // A done step in the stepper goes back to it.
    await user.click(screen.getByRole('button', { name: /^Account \(done\).*select to change$/ }));
    expect(await screen.findByRole('radio', { name: /Naira wallet/ })).toBeChecked();
  });

  it('shows the fee, the total, the minimum and the daily limit left as the amount is typed', async () => {
    const terms = buildPayoutTerms();
    db.payoutTerms = {
      ...terms,
      currencies: terms.currencies.map((entry) =>
        entry.currency === 'NGN' ? { ...entry, usedToday: 100_000_000 } : entry,
      ),
    };
    const { user } = openNewPayout();
    await chooseWallet(user);
    expect(screen.getByTestId('payout-minimum')).toHaveTextContent('₦100.00');
    const limitLeft = screen.getByTestId('payout-limit-left');
    expect(limitLeft).toHaveTextContent('₦4,000,000.00 of ₦5,000,000.00');
    // On a narrow phone it breaks between the two amounts, never inside one.
    for (const part of ['₦4,000,000.00', 'of ₦5,000,000.00']) {
      expect(within(limitLeft).getByText(part)).toHaveClass('whitespace-nowrap');
    }
    expect(
      screen.getByText('Fee: ₦10.00 up to ₦5,000.00, ₦25.00 up to ₦50,000.00, ₦50.00 above'),
    ).toBeInTheDocument();

    const input = screen.getByLabelText('Amount (NGN)');
    await user.type(input, '5,000.50');
    expect(screen.getByTestId('payout-fee')).toHaveTextContent('₦25.00');
    expect(screen.getByTestId('payout-total')).toHaveTextContent('₦5,025.50');

    await user.clear(input);
    await user.type(input, '50');
    await user.click(continueButton());
    expect(await screen.findByText('The minimum payout is ₦100.00')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, '1.2.3');
    expect(screen.getByText('Enter an amount like 5,000 or 2,500.50')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '4,000,001');
    expect(
      screen.getByText('This is more than your daily limit allows: ₦4,000,000.00 left for the next 24 hours'),
    ).toBeInTheDocument();
  });

  it('refuses more than the balance can cover with its fee, and says the most it can', async () => {
    db.wallets = db.wallets.map((wallet) =>
      wallet.currency === 'NGN' ? { ...wallet, availableBalance: 2_000_000 } : wallet,
    );
    const { user } = openNewPayout();
    await chooseWallet(user);
    await enterAmount(user, '19,995');
    expect(
      await screen.findByText(
        'Your balance cannot cover this amount and its ₦25.00 fee. You can pay out up to ₦19,975.00',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How much?' })).toBeInTheDocument();
  });

  it('shows a wallet that cannot cover the smallest payout as disabled, with why', async () => {
    db.wallets = db.wallets.map((wallet) =>
      wallet.currency === 'USD' ? { ...wallet, availableBalance: 150 } : wallet,
    );
    openNewPayout();
    const dollars = await screen.findByRole('radio', { name: /Dollars wallet/ });
    expect(dollars).toBeDisabled();
    expect(dollars).toHaveAccessibleDescription(
      'Not enough to pay out: the smallest payout is $1.00 plus a $1.00 fee.',
    );
  });

  it('shows an account still on hold disabled, from when it can receive payouts and why', async () => {
    const addedAt = new Date(Date.now() - 2 * 3_600_000);
    db.bankAccounts = [
      buildBankAccount({
        recordId: BANK_ACCOUNT_IDS.zenith,
        bankName: 'Zenith Bank',
        accountNumberMasked: '4321',
        createdAt: addedAt.toISOString(),
      }),
      buildBankAccount(),
      buildBankAccount({ recordId: BANK_ACCOUNT_IDS.usd, bankName: 'Chase', currencyCode: 'USD' }),
      buildBankAccount({
        recordId: '0b1a2c3d-0000-4000-8000-000000000009',
        bankName: 'Access Bank',
        status: 'DEACTIVATED',
      }),
    ];
    const { user } = openNewPayout();
    await chooseWallet(user);
    await enterAmount(user, '5000');
    await screen.findByRole('heading', { name: 'To which account?' });

    // Only the active Naira accounts.
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      BANK_ACCOUNT_IDS.zenith,
      BANK_ACCOUNT_IDS.gtbank,
    ]);
    const zenith = screen.getByRole('radio', { name: /Zenith Bank/ });
    expect(zenith).toBeDisabled();
    const availableFrom = new Date(addedAt.getTime() + 24 * 3_600_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(zenith).toHaveAccessibleDescription(
      new RegExp(
        `^Available in 22 h, from \\d{2} \\w{3} \\d{4}, ${pad(availableFrom.getHours())}:${pad(availableFrom.getMinutes())}$`,
      ),
    );
    expect(
      screen.getByText(/For your safety, a new settlement account can receive payouts 24 hours after/),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /GTBank/ })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Add another account' })).toHaveAttribute(
      'href',
      '/settings/settlement-account',
    );

    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose the bank account that receives the payout',
    );
  });

  it('in test mode, a hold of minutes shows the time left and opens the account when it ends', async () => {
    // Only the clock is moved by hand; timers and the network run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    db.payoutTerms = buildPayoutTerms({ holdHours: 0.05 });
    db.bankAccounts = [
      buildBankAccount({
        recordId: BANK_ACCOUNT_IDS.zenith,
        bankName: 'Zenith Bank',
        createdAt: new Date(start - 60_000).toISOString(),
      }),
    ];
    try {
      const { user } = openNewPayout();
      await chooseWallet(user);
      await enterAmount(user, '5000');
      const zenith = await screen.findByRole('radio', { name: /Zenith Bank/ });
      expect(zenith).toBeDisabled();
      expect(zenith).toHaveAccessibleDescription(/^Available in 2 min, from /);
      expect(
        screen.getByText(/a new settlement account can receive payouts 3 minutes after it was added/),
      ).toBeInTheDocument();
      vi.setSystemTime(start + 90_000);
      await waitFor(() => expect(zenith).toHaveAccessibleDescription(/^Available in less than a minute/));
      vi.setSystemTime(start + 120_001);
      await waitFor(() => expect(zenith).toBeEnabled());
      expect(zenith).not.toHaveAccessibleDescription(/Available/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with no settlement account in the currency, links to add one', async () => {
    db.bankAccounts = [buildBankAccount({ currencyCode: 'USD', bankName: 'Chase' })];
    const { user } = openNewPayout();
    await chooseWallet(user);
    await enterAmount(user, '5000');
    expect(
      await screen.findByRole('heading', { name: 'No active Naira settlement account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a settlement account' })).toHaveAttribute(
      'href',
      '/settings/settlement-account',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it("starts from the wallet card's 'Pay out' with that wallet chosen", async () => {
    const { user } = openNewPayout('/dashboard/recents');
    const payOut = await screen.findByRole('link', { name: 'Pay out from Dollars' });
    expect(payOut).toHaveAttribute('href', `/payouts/new?wallet=${WALLET_IDS.USD}`);
    await user.click(payOut);
    expect(await screen.findByRole('radio', { name: /Dollars wallet/ })).toBeChecked();
    await user.click(continueButton());
    expect(await screen.findByLabelText('Amount (USD)')).toBeInTheDocument();
  });

  it('opens a later step with the earlier ones not done at the first that is not', async () => {
    openNewPayout('/payouts/new?step=review');
    expect(await screen.findByRole('heading', { name: 'Which wallet?' })).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Account');
  });
});

describe('New payout: sending and confirming', { timeout: 20_000 }, () => {
  it('sends with an Idempotency-Key, takes the emailed code, then follows the payout until it is sent', async () => {
    const { user, requests, router } = openNewPayout();
    await toReview(user, '128.14');
    await user.click(screen.getByRole('button', { name: 'Send payout' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your payout' })).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST' && request.url === '/api/payouts');
    // 128.14 as a float times 100 is 12813.999...: the amount is read exactly.
    expect(create?.body).toEqual({
      walletId: db.wallets[0]?.walletId,
      bankAccountId: BANK_ACCOUNT_IDS.gtbank,
      amount: 12_814,
    });
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,255}$/);
    // Nothing has moved yet: the toast says so, not that a payout was made.
    expect(await screen.findByText('Payout ready to confirm')).toBeInTheDocument();
    expect(screen.queryByText('Payout created')).not.toBeInTheDocument();
    const payout = db.payouts[0];
    expect(router.state.location.pathname).toBe(`/payouts/${payout?.id}`);
    expect(currentStep()).toHaveTextContent('Confirm');

    const code = screen.getByLabelText('Enter the 6-digit code we emailed you');
    expect(code).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Confirm payout' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm payout' }));
    expect(
      await screen.findByText('The code is incorrect. Please try again.', { selector: 'p' }),
    ).toBeInTheDocument();

    // A new code on request: the field empties for it.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(PAYOUT_MESSAGES.codeResent)).toBeInTheDocument();
    expect(db.payoutCodesResent).toBe(1);
    await waitFor(() => expect(code).toHaveValue(''));
    expect(code).toHaveFocus();
    await user.type(code, PAYOUT_EMAIL_CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm payout' }));
    expect(await screen.findByRole('heading', { name: 'Sending your payout' })).toBeInTheDocument();
    expect(screen.getByTestId('payout-result-text')).toHaveTextContent(
      '₦128.14 is on its way to GTBank ****6789. Usually within minutes.',
    );
    expect(await screen.findByText(`${PAYOUT_MESSAGES.confirmed}: ₦128.14`)).toBeInTheDocument();

    // The rail settles it: the API's live notice brings the page the news.
    updatePayout(payout?.id ?? '', { status: 'SUCCESSFUL', settledAt: new Date().toISOString() });
    pushLiveNotice('payout');
    expect(
      await screen.findByRole('heading', { name: 'Payout sent' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('payout-status')).toHaveTextContent('Successful');
    expect(await screen.findByText('Payout sent: ₦128.14 to GTBank ****6789')).toBeInTheDocument();
  });

  it('asks for the authenticator code when two-factor is on; a failed payout says the money came back', async () => {
    db.payoutTerms = buildPayoutTerms({ twoFactor: true });
    const { user } = openNewPayout();
    await toReview(user);
    expect(
      screen.getByText('Next, confirm with the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send payout' }));
    const code = await screen.findByLabelText('Enter the 6-digit code from your authenticator app');
    await user.type(code, TWO_FACTOR_APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm payout' }));
    await screen.findByRole('heading', { name: 'Sending your payout' });

    updatePayout(db.payouts[0]?.id ?? '', { status: 'FAILED', failureReason: 'Account closed' });
    pushLiveNotice('payout');
    expect(
      await screen.findByRole('heading', { name: 'Payout failed and returned' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('payout-result-text')).toHaveTextContent(
      'The bank returned it: Account closed. ₦5,000.00 and the ₦10.00 fee are back in your Naira wallet.',
    );
    expect(
      await screen.findByText('Payout failed: Account closed. The money is back in your wallet.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['INSUFFICIENT_FUNDS', PAYOUT_MESSAGES.insufficientFunds, 'Change the amount', 'How much?'],
    ['DAILY_LIMIT', PAYOUT_MESSAGES.dailyLimit, 'Change the amount', 'How much?'],
    ['BANK_ACCOUNT_INACTIVE', PAYOUT_MESSAGES.accountInactive, 'Choose another account', 'To which account?'],
  ])('a refusal (%s) says why and leads to the step that fixes it', async (code, error, fix, heading) => {
    db.payoutRefusal = { status: 409, error, code };
    const { user, requests } = openNewPayout();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Send payout' }));
    const alert = await screen.findByTestId('payout-error');
    expect(alert).toHaveTextContent(error);
    // Sending again is a new attempt: the refusal was the answer to the first.
    db.payoutRefusal = { status: 409, error, code };
    await user.click(screen.getByRole('button', { name: 'Send payout' }));
    await waitFor(() =>
      expect(
        requests.filter((request) => request.url === '/api/payouts' && request.method === 'POST'),
      ).toHaveLength(2),
    );
    const keys = requests
      .filter((request) => request.url === '/api/payouts' && request.method === 'POST')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);

    await user.click(within(alert).getByRole('button', { name: fix }));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('a server that says KYC is required links to Documents', async () => {
    const { user } = openNewPayout();
    await toReview(user);
    db.user = buildUser({ status: 'PENDING_KYC' });
    await user.click(screen.getByRole('button', { name: 'Send payout' }));
    const alert = await screen.findByTestId('payout-error');
    expect(alert).toHaveTextContent(PAYOUT_MESSAGES.kycRequired);
    expect(within(alert).getByRole('link', { name: 'Go to Documents' })).toHaveAttribute(
      'href',
      '/settings/documents',
    );
  });
});
