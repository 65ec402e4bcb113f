import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { KYC_REJECTION, openKycSession, setKycOutcome } from '@/testing/mocks/handlers/kyc';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const selfie = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'selfie.png', { type: 'image/png' });

describe('the sandbox identity widget', () => {
  beforeEach(() => {
    setKycOutcome('PENDING_KYC');
  });

  it("opens from /kyc with the customer id: a verification starts and its widget shows, marked 'Sandbox'", async () => {
    signIn();
    const { router } = renderApp(`/kyc?customerId=${USER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/sandbox');
    expect(screen.getByText('Sandbox')).toBeInTheDocument();
  });

  it('says so when the verification cannot start', async () => {
    signIn();
    setKycOutcome('ACTIVE');
    renderApp(`/kyc?customerId=${USER_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('KYC verification is already complete.');
    expect(screen.getByRole('link', { name: 'Back to Documents' })).toHaveAttribute(
      'href',
      '/settings/documents',
    );
  });

  it('checks the number against its type, offers the test numbers, requires a selfie, and shows the approval', async () => {
    const user = userEvent.setup();
    renderApp(`/kyc/sandbox?session=${openKycSession()}`);
    const number = await screen.findByLabelText('BVN');
    await user.type(number, '12345');
    await user.tab();
    expect(await screen.findByText('BVN must be 11 digits')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('ID type'), 'PASSPORT');
    expect(
      await screen.findByText('Passport number must be a letter followed by 8 digits'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('ID type'), 'BVN');

    await user.click(screen.getByRole('button', { name: 'Use 22222222222 (Approved at once)' }));
    expect(screen.getByLabelText('BVN')).toHaveValue('22222222222');
    await user.click(screen.getByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByText('Date of birth is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Date of birth'), '1990-04-12');
    await user.click(screen.getByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByText('Please take or upload a selfie')).toBeInTheDocument();
    const input = screen.getByLabelText('Take or upload a selfie');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(input).toHaveAttribute('capture', 'user');
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['<html>'], 'page.html', { type: 'text/html' }));
    expect(await screen.findByText('Please select a valid image')).toBeInTheDocument();
    await user.upload(input, selfie());
    expect(await screen.findByRole('img', { name: 'Your selfie' })).toBeInTheDocument();
    expect(screen.queryByText('Please select a valid image')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeInTheDocument();
    expect(db.user.status).toBe('ACTIVE');
    expect(screen.getByRole('link', { name: 'Return to Bizdash' })).toHaveAttribute(
      'href',
      '/settings/documents',
    );
  }, 20_000);

  it('shows the reason of a rejection', async () => {
    const user = userEvent.setup();
    renderApp(`/kyc/sandbox?session=${openKycSession()}`);
    await user.type(await screen.findByLabelText('BVN'), '22222222233');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-12');
    await user.upload(screen.getByLabelText('Take or upload a selfie'), selfie());
    await user.click(screen.getByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByRole('heading', { name: 'Verification not approved' })).toBeInTheDocument();
    expect(screen.getByText(`Reason: ${KYC_REJECTION}`)).toBeInTheDocument();
  });

  it('says when the link is not valid or has expired', async () => {
    renderApp('/kyc/sandbox?session=7f1f0c8e-2a55-4b8f-9d8e-1d2c3b4a5f60');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is not valid or has expired',
    );
  });
});
