import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { gate } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const DESCRIPTION = 'Fresh fruit and vegetables, delivered in Lagos.';

function openCompanyDetails() {
  db.user = buildUser({ businessDescription: DESCRIPTION, chargeCheckoutFeeToCustomer: false });
  signIn();
  const requests = recordRequests();
  renderApp('/settings/company-details');
  return { requests, user: userEvent.setup({ applyAccept: false }) };
}

const puts = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((request) => request.method === 'PUT');

describe('Company details', () => {
  it('shows company name and country read-only and disabled, the rest filled in', async () => {
    openCompanyDetails();
    expect(await screen.findByLabelText('Company Name')).toBeDisabled();
    expect(screen.getByLabelText('Company Name')).toHaveValue('Okafor Foods');
    expect(screen.getByLabelText('Country of Business')).toBeDisabled();
    expect(screen.getByLabelText('Description of Business')).toHaveValue(DESCRIPTION);
    expect(screen.getByLabelText('Let customer pay fee')).toHaveValue('false');
    expect(screen.getByRole('option', { name: 'Select Payment Option' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description of Business')).toHaveClass('max-w-[600px]', 'max-h-[200px]');
  });

  it('validates touched fields only, with the SPEC messages', async () => {
    const { requests, user } = openCompanyDetails();
    const description = await screen.findByLabelText('Description of Business');
    await user.clear(description);
    await user.tab();
    expect(await screen.findByText('Description of Business is required')).toBeInTheDocument();
    await user.type(description, 'Too short');
    expect(await screen.findByText('Must be at least 10 characters long')).toBeInTheDocument();
    expect(screen.queryByText('Charge Checkout Fee is required')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Let customer pay fee'), 'Select Payment Option');
    await user.tab();
    expect(await screen.findByText('Charge Checkout Fee is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Checkout Logo URL'), 'not a url');
    await user.tab();
    expect(await screen.findByText('Checkout Logo URL must be a valid URL')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(puts(requests)).toHaveLength(0);
  });

  it("saves, showing 'Please wait...' with both buttons disabled meanwhile", async () => {
    const saving = gate();
    server.use(
      http.put('/api/users/:userId', async () => {
        await saving.opened;
      }),
    );
    const { requests, user } = openCompanyDetails();
    await user.selectOptions(await screen.findByLabelText('Let customer pay fee'), 'Yes');
    await user.type(screen.getByLabelText('Checkout Logo URL'), 'https://cdn.example.com/logo.png');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    saving.open();
    expect(await screen.findByText('Company details updated successfully')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      businessName: 'Okafor Foods',
      countryOfBusiness: 'Nigeria',
      businessDescription: DESCRIPTION,
      checkoutLogUrl: 'https://cdn.example.com/logo.png',
      chargeCheckoutFeeToCustomer: true,
    });
    expect(db.user.chargeCheckoutFeeToCustomer).toBe(true);
  });

  it("shows the server's reason, else the default", async () => {
    server.use(http.put('/api/users/:userId', () => new HttpResponse(null, { status: 500 })));
    const { user } = openCompanyDetails();
    await user.selectOptions(await screen.findByLabelText('Let customer pay fee'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong. Please try again!')).toBeInTheDocument();
  });

  it('Cancel restores the saved values', async () => {
    const { user } = openCompanyDetails();
    const description = await screen.findByLabelText('Description of Business');
    await user.clear(description);
    await user.type(description, 'Something else entirely');
    await user.selectOptions(screen.getByLabelText('Let customer pay fee'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(description).toHaveValue(DESCRIPTION);
    expect(screen.getByLabelText('Let customer pay fee')).toHaveValue('false');
  });

  it('uploads a logo, fills the URL and previews it', async () => {
    const { user } = openCompanyDetails();
    await screen.findByLabelText('Checkout Logo URL');
    await user.upload(
      screen.getByTestId('checkout-logo-input'),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    await screen.findByText('Logo uploaded. Save changes to use it at checkout.');
    const url = (screen.getByLabelText('Checkout Logo URL') as HTMLInputElement).value;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/files\/[\w-]+$/);
    expect(screen.getByRole('img', { name: 'Checkout logo' })).toHaveAttribute('src', url);
  });

  it('refuses a logo that is not png or jpeg', async () => {
    const { requests, user } = openCompanyDetails();
    await screen.findByLabelText('Checkout Logo URL');
    await user.upload(
      screen.getByTestId('checkout-logo-input'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText('Please select a valid image')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/upload-checkout-logo'))).toBe(false);
  });
});
