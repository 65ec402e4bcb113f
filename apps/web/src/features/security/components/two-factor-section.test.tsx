import {
  formatRecoveryCode,
  RECOVERY_CODES_REPLACED,
  TWO_FACTOR_CODE_INCORRECT,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
} from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  db,
  NEW_RECOVERY_CODES,
  RECOVERY_CODES,
  TWO_FACTOR_APP_CODE,
  TWO_FACTOR_SECRET,
  twoFactorOn,
  USER_PASSWORD,
} from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function openSecurity() {
  signIn();
  const requests = recordRequests();
  const view = renderApp('/settings/security');
  return { ...view, requests, user: userEvent.setup() };
}

/** The card, also while a modal hides the page behind it from assistive technology. */
const twoFactorCard = () => screen.getByRole('region', { name: 'Two-factor authentication', hidden: true });

describe('Security: two-factor authentication', () => {
  it('sits between Password and Sign-in history and says it is off', async () => {
    openSecurity();
    expect(await screen.findByRole('button', { name: 'Set up two-factor' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Password', 'Two-factor authentication', 'Sign-in history']);
    expect(within(twoFactorCard()).getByText('Off')).toBeInTheDocument();
  });

  it('enrols: QR code and key, a wrong code refused, then the recovery codes once', async () => {
    const { user, requests } = openSecurity();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(within(dialog).getByText("Can't scan? Enter this key")).toBeInTheDocument();
    expect(within(dialog).getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(dialog).getByRole('button', { name: 'Copy setup key' }));
    expect(writeText).toHaveBeenCalledWith(TWO_FACTOR_SECRET);

    const code = within(dialog).getByLabelText('Code from your app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(dialog).findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    expect(requests.filter((request) => request.url.endsWith('/enable'))).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '111 111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(TWO_FACTOR_CODE_INCORRECT)).toBeVisible();
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, TWO_FACTOR_APP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const saving = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(requests.filter((request) => request.url.endsWith('/enable')).at(-1)?.body).toEqual({
      code: TWO_FACTOR_APP_CODE,
    });
    expect(await screen.findByText(TWO_FACTOR_ENABLED)).toBeInTheDocument();
    const shown = within(within(saving).getByRole('list', { name: 'Recovery codes' })).getAllByRole(
      'listitem',
    );
    expect(shown.map((item) => item.textContent)).toEqual(RECOVERY_CODES.map(formatRecoveryCode));

    // The status behind the modal has moved on; the codes stay until the merchant says they are kept.
    expect(await within(twoFactorCard()).findByText('10 recovery codes left')).toBeInTheDocument();
    const done = within(saving).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(saving).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(twoFactorCard()).getByText('On')).toBeInTheDocument();
    expect(within(twoFactorCard()).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('copies and downloads the recovery codes without asking the server', async () => {
    const { user, requests } = openSecurity();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    await user.type(await within(dialog).findByLabelText('Code from your app'), TWO_FACTOR_APP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const saving = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const sent = requests.length;

    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(saving).getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(RECOVERY_CODES.map(formatRecoveryCode).join('\n'));
    expect(await screen.findByText('Copied recovery codes successfully')).toBeInTheDocument();

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(saving).getByRole('button', { name: 'Download' }));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bizdash-recovery-codes.txt');
    const [[saved]] = createObjectURL.mock.calls as [[Blob]];
    const text = await saved.text();
    for (const code of RECOVERY_CODES) expect(text).toContain(formatRecoveryCode(code));
    expect(requests.slice(sent).filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('shows when it was turned on and how many recovery codes are left', async () => {
    db.twoFactor = { ...twoFactorOn('2026-01-05T09:30:00.000Z'), recoveryCodes: RECOVERY_CODES.slice(0, 3) };
    openSecurity();
    expect(await screen.findByTestId('two-factor-enabled-at')).toHaveTextContent('On since 05 Jan 2026');
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('3 recovery codes left');
    expect(screen.queryByRole('button', { name: 'Set up two-factor' })).not.toBeInTheDocument();
  });

  it('makes new recovery codes with a code from the app', async () => {
    db.twoFactor = { ...twoFactorOn(), recoveryCodes: RECOVERY_CODES.slice(0, 2) };
    const { user } = openSecurity();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('Code from your app'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    expect(await within(dialog).findByText(TWO_FACTOR_CODE_INCORRECT)).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Code from your app'));
    await user.type(within(dialog).getByLabelText('Code from your app'), TWO_FACTOR_APP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    const saving = await screen.findByRole('dialog', { name: 'Save your new recovery codes' });
    expect(await screen.findByText(RECOVERY_CODES_REPLACED)).toBeInTheDocument();
    expect(
      within(saving)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_RECOVERY_CODES.map(formatRecoveryCode));
    expect(await within(twoFactorCard()).findByText('10 recovery codes left')).toBeInTheDocument();
  });

  it('turns off with the password and a code, saying which one is wrong', async () => {
    db.twoFactor = twoFactorOn();
    const { user, requests } = openSecurity();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    const password = within(dialog).getByLabelText('Current Password');
    const code = within(dialog).getByLabelText('Code from your app or a recovery code');

    await user.type(password, 'Wr0ng!Password');
    await user.type(code, TWO_FACTOR_APP_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeVisible();

    await user.clear(password);
    await user.type(password, USER_PASSWORD);
    await user.clear(code);
    await user.type(code, 'zzzzz-zzzzz');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(TWO_FACTOR_CODE_INCORRECT)).toBeVisible();

    // A recovery code works too, typed in capitals as people copy them.
    await user.clear(code);
    await user.type(code, formatRecoveryCode(RECOVERY_CODES[0] ?? '').toUpperCase());
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_DISABLED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Set up two-factor' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.endsWith('/disable')).at(-1)?.body).toEqual({
      password: USER_PASSWORD,
      code: RECOVERY_CODES[0],
    });
  });

  it('says when the status cannot be read, and tries again', async () => {
    let failing = true;
    server.use(
      http.get('/api/users/:userId/two-factor', () =>
        failing
          ? HttpResponse.json({ error: 'Server unavailable', code: 'INTERNAL' }, { status: 500 })
          : undefined,
      ),
    );
    const { user } = openSecurity();
    expect(
      await within(await screen.findByRole('region', { name: 'Two-factor authentication' })).findByRole(
        'alert',
      ),
    ).toHaveTextContent('Server unavailable');
    failing = false;
    await user.click(within(twoFactorCard()).getByRole('button', { name: 'Retry' }));
    expect(
      await within(twoFactorCard()).findByRole('button', { name: 'Set up two-factor' }),
    ).toBeInTheDocument();
  });
});
