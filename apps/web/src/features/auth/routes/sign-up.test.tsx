import { SUPPORTED_COUNTRIES } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';

// A sign-up ends on the dashboard, whose code this imports cold: more than the default 5 s on a busy machine.
describe('Sign-up', { timeout: 15_000 }, () => {
  it('offers the supported countries of business as a list, not free text', async () => {
    renderApp('/signup');

    const country = await screen.findByRole('combobox', { name: 'Country of Business' });
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select country', ...SUPPORTED_COUNTRIES]);
    expect(country).toHaveValue('');
  });

  it('says the country is required until one is chosen, then creates the account with it', async () => {
    const requests = recordRequests();
    const { router } = renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Kofi');
    await user.type(screen.getByLabelText('Last Name'), 'Mensah');
    await user.type(screen.getByLabelText('Email'), 'kofi@mensah.example');
    await user.type(screen.getByLabelText('Phone Number'), '+233201234567');
    await user.type(screen.getByLabelText('Company Name'), 'Mensah Textiles');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Country of Business is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/api/auth/signup')).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of Business' }), 'Ghana');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(requests.find((request) => request.url === '/api/auth/signup')?.body).toMatchObject({
      businessName: 'Mensah Textiles',
      countryOfBusiness: 'Ghana',
    });
    expect(db.user.countryOfBusiness).toBe('Ghana');
  });
});
