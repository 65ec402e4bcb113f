import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_NUMBER_NOT_AT_BANK,
  nubanCheckDigit,
  SANDBOX_NAIRA_ACCOUNTS,
  SANDBOX_NAIRA_BANK,
} from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, USER_ID, WALLET_IDS } from '@/testing/factories';
import { BANK_DIRECTORY_NAME, db, HOSTED_BANK_LINK_URL } from '@/testing/mocks/db';
import { buildBankAccount } from '@/testing/mocks/handlers/banks';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { gate } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const GTB_ACCOUNT = `012345678${nubanCheckDigit('058', '012345678')}`;
const LONG_BANK = 'First Bank of Nigeria Limited Lagos Island Branch';
const LONG_NAME = 'Oluwaseun Chukwuemeka Abubakar-Adeyemi';

beforeEach(() => {
  db.user = buildUser({
    wallets: [
      { currency: 'NGN', walletId: WALLET_IDS.NGN },
      { currency: 'USD', walletId: WALLET_IDS.USD },
    ],
  });
});

function openSettlement() {
  signIn();
  const requests = recordRequests();
  renderApp('/settings/settlement-account');
  return { requests, user: userEvent.setup() };
}

const rows = () => screen.findAllByTestId('bank-account-row');

describe('Settlement Account', () => {
  it('lists the accounts: names cut at 30 characters, numbers padded with * to 8, currency labels, status', async () => {
    db.bankAccounts = [
      buildBankAccount({ bankName: LONG_BANK, accountHolderName: LONG_NAME, accountNumberMasked: '1234' }),
      buildBankAccount({
        bankName: 'Tartan Bank',
        accountHolderName: 'Okafor Foods',
        accountNumberMasked: '****0000',
        currencyCode: 'USD',
        accountType: 'checking',
        status: 'DEACTIVATED',
      }),
    ];
    openSettlement();
    const [ngn, usd] = await rows();
    if (!ngn || !usd) throw new Error('rows missing');
    expect(within(ngn).getByText(`${LONG_BANK.slice(0, 29)}…`)).toBeInTheDocument();
    expect(within(ngn).getByText(`${LONG_NAME.slice(0, 29)}…`)).toBeInTheDocument();
    expect(within(ngn).getByTestId('bank-account-number')).toHaveTextContent('****1234');
    expect(ngn).toHaveTextContent('Naira (₦)');
    expect(within(ngn).getByText('Active')).toBeInTheDocument();
    expect(within(ngn).getByRole('button', { name: /^Deactivate/ })).toBeInTheDocument();

    expect(within(usd).getByTestId('bank-account-number')).toHaveTextContent('****0000');
    expect(usd).toHaveTextContent('Dollars ($)');
    expect(within(usd).getByText('Deactivated')).toBeInTheDocument();
    expect(within(usd).queryByRole('button', { name: /^Deactivate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New' })).toBeInTheDocument();
  });

  it('says it is loading, then invites the first account when there is none', async () => {
    const loading = gate();
    server.use(
      http.get('/api/bank/accounts', async () => {
        await loading.opened;
      }),
    );
    openSettlement();
    expect(await screen.findByText('Loading settlement accounts')).toBeInTheDocument();
    loading.open();
    expect(await screen.findByRole('heading', { name: 'No settlement accounts yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add New' })).toHaveLength(1);
  });

  it('deactivates an account only after the merchant confirms', async () => {
    db.bankAccounts = [buildBankAccount()];
    const { user, requests } = openSettlement();
    const [row] = await rows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: /^Deactivate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate settlement account?' });
    expect(dialog).toHaveTextContent('Guaranty Trust Bank ****5678');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.url.endsWith('/deactivate'))).toBe(false);

    await user.click(within(row as HTMLElement).getByRole('button', { name: /^Deactivate/ }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByText('Bank account deactivated successfully')).toBeInTheDocument();
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('Deactivated'));
  });
});

describe('Add New: a Naira account', () => {
  async function openBankForm() {
    const opened = openSettlement();
    await opened.user.click(await screen.findByRole('button', { name: 'Add New' }));
    const choice = await screen.findByRole('dialog', { name: 'Add settlement account' });
    await opened.user.click(within(choice).getByRole('button', { name: /Naira \(₦\)/ }));
    await screen.findByRole('dialog', { name: 'Add Naira bank account' });
    await waitFor(() => expect(screen.getByLabelText('Bank name')).toBeEnabled());
    return opened;
  }

  it('says what is missing and sends nothing', async () => {
    const { user, requests } = await openBankForm();
    await user.click(screen.getByRole('button', { name: 'Verify account' }));
    expect(await screen.findByText('Bank name is required')).toBeInTheDocument();
    expect(screen.getByText('Account number is required')).toBeInTheDocument();
    expect(screen.getByText('Please select an account type')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('checks the NUBAN before asking the bank', async () => {
    const { user, requests } = await openBankForm();
    await user.selectOptions(screen.getByLabelText('Bank name'), 'Guaranty Trust Bank');
    const typo = `${GTB_ACCOUNT.slice(0, 9)}${(Number(GTB_ACCOUNT[9]) + 1) % 10}`;
    await user.type(screen.getByLabelText('Account number'), typo);
    await user.tab();
    expect(await screen.findByText(ACCOUNT_NUMBER_NOT_AT_BANK)).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/bank/resolve-account')).toBe(false);
  });

  it('shows the name the bank holds the account under, then adds it', async () => {
    const { user, requests } = await openBankForm();
    await user.selectOptions(screen.getByLabelText('Bank name'), 'Guaranty Trust Bank');
    await user.type(screen.getByLabelText('Account number'), GTB_ACCOUNT);
    expect(await screen.findByTestId('resolved-account-name')).toHaveTextContent(BANK_DIRECTORY_NAME);
    await user.selectOptions(screen.getByLabelText('Account type'), 'Current');
    await user.click(screen.getByRole('button', { name: 'Add account' }));

    expect(await screen.findByText('Bank account added successfully')).toBeInTheDocument();
    const added = requests.find((request) => request.url === '/api/bank/add-nigeria-bank');
    expect(added?.body).toEqual({
      userWalletRecordId: WALLET_IDS.NGN,
      bankCode: '058',
      accountNumber: GTB_ACCOUNT,
      accountType: 'current',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [row] = await rows();
    expect(within(row as HTMLElement).getByTestId('bank-account-number')).toHaveTextContent(
      `****${GTB_ACCOUNT.slice(-4)}`,
    );
  });

  it('in test mode, lists a sandbox number per outcome; Use fills the form and the bank names the account', async () => {
    const { user, requests } = await openBankForm();
    await user.click(screen.getByText('Test account numbers'));
    for (const account of SANDBOX_NAIRA_ACCOUNTS) {
      expect(screen.getByText(account.accountNumber)).toBeInTheDocument();
      expect(screen.getByText(account.description)).toBeInTheDocument();
    }
    const settles = SANDBOX_NAIRA_ACCOUNTS.find((account) => account.outcome === 'settles');
    await user.click(screen.getByRole('button', { name: `Use ${settles?.accountNumber}` }));
    expect(screen.getByLabelText('Bank name')).toHaveValue(SANDBOX_NAIRA_BANK.bankCode);
    expect(screen.getByLabelText('Account number')).toHaveValue(settles?.accountNumber);
    expect(await screen.findByTestId('resolved-account-name')).toHaveTextContent(BANK_DIRECTORY_NAME);
    const enquiry = requests.find((request) => request.url === '/api/bank/resolve-account');
    expect(enquiry?.body).toEqual({ bankCode: '058', accountNumber: settles?.accountNumber });
  });

  it('shows no test numbers when the server has none to give (a real bank directory)', async () => {
    server.use(http.get('/api/bank/sandbox-accounts', () => new HttpResponse(null, { status: 404 })));
    const { requests } = await openBankForm();
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/api/bank/sandbox-accounts')).toBe(true),
    );
    expect(screen.getByLabelText('Account number')).toBeInTheDocument();
    expect(screen.queryByText('Test account numbers')).not.toBeInTheDocument();
  });

  it('says when the bank does not know the account', async () => {
    const { user } = await openBankForm();
    await user.selectOptions(screen.getByLabelText('Bank name'), 'Guaranty Trust Bank');
    await user.type(
      screen.getByLabelText('Account number'),
      `000000000${nubanCheckDigit('058', '000000000')}`,
    );
    expect(await screen.findByText(ACCOUNT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify account' })).toBeInTheDocument();
  });

  it("takes a bank the server's list has and the product's own list does not (Paystack's micro-finance banks)", async () => {
    const microFinance = { bankName: 'Stand-in Microfinance Bank', bankCode: '090999' };
    server.use(
      http.get('/api/bank/nigeria-banks', () =>
        HttpResponse.json([{ bankName: 'Guaranty Trust Bank', bankCode: '058' }, microFinance]),
      ),
      http.post('/api/bank/resolve-account', () =>
        HttpResponse.json({ accountName: BANK_DIRECTORY_NAME, bankName: microFinance.bankName }),
      ),
    );
    const { user, requests } = await openBankForm();
    await user.selectOptions(screen.getByLabelText('Bank name'), microFinance.bankName);
    // Not a NUBAN of any bank the product knows: only its ten digits are checked here; the bank names it.
    await user.type(screen.getByLabelText('Account number'), '5012345678');
    await user.tab();
    expect(await screen.findByTestId('resolved-account-name')).toHaveTextContent(BANK_DIRECTORY_NAME);
    expect(screen.getByTestId('resolved-account')).toHaveTextContent(microFinance.bankName);
    await user.selectOptions(screen.getByLabelText('Account type'), 'Savings');
    await user.click(screen.getByRole('button', { name: 'Add account' }));

    expect(await screen.findByText('Bank account added successfully')).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/bank/add-nigeria-bank')?.body).toEqual({
      userWalletRecordId: WALLET_IDS.NGN,
      bankCode: microFinance.bankCode,
      accountNumber: '5012345678',
      accountType: 'savings',
    });
  });

  it("says the server's sentence when it has no list of banks to give", async () => {
    const unavailable = 'The list of banks could not be loaded just now. Please try again in a few minutes.';
    server.use(
      http.get('/api/bank/nigeria-banks', () =>
        HttpResponse.json({ error: unavailable, code: 'BANK_LIST_UNAVAILABLE' }, { status: 503 }),
      ),
    );
    const { user } = openSettlement();
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const choice = await screen.findByRole('dialog', { name: 'Add settlement account' });
    await user.click(within(choice).getByRole('button', { name: /Naira \(₦\)/ }));
    expect(await screen.findByText(unavailable)).toBeInTheDocument();
  });

  it("says 'Unable to add account' when the server gives no reason", async () => {
    server.use(http.post('/api/bank/add-nigeria-bank', () => new HttpResponse(null, { status: 502 })));
    const { user } = await openBankForm();
    await user.selectOptions(screen.getByLabelText('Bank name'), 'Guaranty Trust Bank');
    await user.type(screen.getByLabelText('Account number'), GTB_ACCOUNT);
    await screen.findByTestId('resolved-account-name');
    await user.selectOptions(screen.getByLabelText('Account type'), 'Savings');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Unable to add account')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Naira bank account' })).toBeInTheDocument();
  });
});

describe('Add New: a Dollar account', () => {
  async function chooseDollars() {
    const opened = openSettlement();
    await opened.user.click(await screen.findByRole('button', { name: 'Add New' }));
    const choice = await screen.findByRole('dialog', { name: 'Add settlement account' });
    await opened.user.click(within(choice).getByRole('button', { name: /Dollars \(\$\)/ }));
    return opened;
  }

  it('asks for a hosted bank link and offers to open or copy it', async () => {
    const { user, requests } = await chooseDollars();
    expect(await screen.findByText('Plaid link generated successfully')).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/users/plaid/link')?.body).toEqual({
      userRecordId: USER_ID,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Connect your US bank account' });
    expect(within(dialog).getByRole('link', { name: 'Connect Bank Account' })).toHaveAttribute(
      'href',
      HOSTED_BANK_LINK_URL,
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(HOSTED_BANK_LINK_URL);
    expect(await screen.findByText('Copied link successfully')).toBeInTheDocument();
  });

  it("says 'Unable to generate Plaid link' when the server gives no reason", async () => {
    server.use(http.post('/api/users/plaid/link', () => new HttpResponse(null, { status: 502 })));
    await chooseDollars();
    expect(await screen.findByText('Unable to generate Plaid link')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Connect your US bank account' })).not.toBeInTheDocument();
  });
});
