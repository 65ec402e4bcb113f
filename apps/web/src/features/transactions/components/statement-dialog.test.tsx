import { formatDate } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { WALLET_IDS } from '@/testing/factories';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError, gate } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const day = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
const monthStart = (date: Date, back = 0) => new Date(date.getFullYear(), date.getMonth() - back, 1);
const statementUrl = (from: string, to: string, fileFormat: string) =>
  `/api/wallets/${WALLET_IDS.NGN}/statement?from=${from}&to=${to}&format=${fileFormat}`;

async function openStatements() {
  signIn();
  const requests = recordRequests();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const user = userEvent.setup();
  renderApp(`/accounts/${WALLET_IDS.NGN}`);
  await user.click(await screen.findByRole('button', { name: 'Statements' }));
  const dialog = await screen.findByRole('dialog', { name: 'NGN statement' });
  const statements = () => requests.filter((request) => request.url.includes('/statement'));
  return { user, dialog, click, statements };
}

describe('Statements on an account page', () => {
  it("downloads this month's PDF by default, waiting while the server makes it, under the server's file name", async () => {
    const making = gate();
    server.use(
      http.get('/api/wallets/:walletId/statement', async () => {
        await making.opened;
      }),
    );
    const { user, dialog, click, statements } = await openStatements();
    const today = new Date();
    expect(within(dialog).getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'PDF' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByTestId('statement-period')).toHaveTextContent(
      `${formatDate(monthStart(today))} to ${formatDate(today)} (UTC days; a year at most)`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    const from = day(monthStart(today));
    expect(statements().map((request) => request.url)).toEqual([statementUrl(from, day(today), 'pdf')]);
    expect(statements()[0]?.headers.get('Accept')).toBe('application/pdf');

    making.open();
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      `bizdash-statement-NGN-${from}-to-${day(today)}.pdf`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(`Downloaded bizdash-statement-NGN-${from}-to-${day(today)}.pdf`),
    ).toBeInTheDocument();
  });

  it("asks for last month's whole calendar month as CSV", async () => {
    const { user, dialog, statements, click } = await openStatements();
    await user.click(within(dialog).getByRole('button', { name: 'Last month' }));
    await user.click(within(dialog).getByRole('button', { name: 'CSV' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const lastDay = new Date(monthStart(new Date()).getTime() - 12 * 3_600_000);
    expect(statements().map((request) => request.url)).toEqual([
      statementUrl(day(monthStart(new Date(), 1)), day(lastDay), 'csv'),
    ]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^bizdash-statement-NGN-.+\.csv$/);
  });

  it('takes a custom range of at most a year, saying what is wrong before anything is sent', async () => {
    const { user, dialog, statements, click } = await openStatements();
    await user.click(within(dialog).getByRole('button', { name: 'Custom range' }));
    const download = within(dialog).getByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    expect(within(dialog).getByTestId('statement-period')).toHaveTextContent(
      'Choose the first and the last day.',
    );

    await user.type(within(dialog).getByLabelText('From'), '2025-01-01');
    await user.type(within(dialog).getByLabelText('To'), '2026-01-02');
    await user.tab();
    expect(within(dialog).getByTestId('statement-period')).toHaveTextContent(
      'A statement covers at most 366 days',
    );
    expect(download).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('To'));
    await user.type(within(dialog).getByLabelText('To'), '2025-12-31');
    await user.tab();
    expect(within(dialog).getByTestId('statement-period')).toHaveTextContent('01 Jan 2025 to 31 Dec 2025');
    await user.click(download);
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(statements().map((request) => request.url)).toEqual([
      statementUrl('2025-01-01', '2025-12-31', 'pdf'),
    ]);
  });

  it("shows the API's refusal in the dialog and keeps it open to try again", async () => {
    server.use(
      http.get('/api/wallets/:walletId/statement', () =>
        apiError(
          409,
          'Only an owner, admin, finance or viewer member can see balances, payouts and conversions',
          'ROLE_REQUIRED',
        ),
      ),
    );
    const { user, dialog, click } = await openStatements();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an owner, admin, finance or viewer member can see balances, payouts and conversions',
    );
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(click).not.toHaveBeenCalled();
  });

  it('says a network failure in words rather than failing silently', async () => {
    server.use(http.get('/api/wallets/:walletId/statement', () => HttpResponse.error()));
    const { user, dialog } = await openStatements();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).not.toBeEmptyDOMElement();
  });
});
