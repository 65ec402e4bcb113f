import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_ID } from '@/testing/factories';
import { KYC_REJECTION, setKycOutcome } from '@/testing/mocks/handlers/kyc';
import { pushLiveNotice } from '@/testing/mocks/handlers/live';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const section = () => screen.findByRole('region', { name: 'Individual KYC' });

describe('KycSection on /settings/documents', () => {
  beforeEach(() => {
    signIn();
  });

  it("links 'Complete KYC' to the identity widget with the customer id while KYC is pending", async () => {
    setKycOutcome('PENDING_KYC');
    renderApp('/settings/documents');
    const link = await screen.findByRole('link', { name: 'Complete KYC' });
    expect(link).toHaveAttribute('href', `/kyc?customerId=${USER_ID}`);
  });

  it("says 'KYC verification is complete.' once the user is ACTIVE, with no link", async () => {
    setKycOutcome('ACTIVE');
    renderApp('/settings/documents');
    expect(await screen.findByText('KYC verification is complete.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete KYC' })).not.toBeInTheDocument();
  });

  it('says the verification is in review, with nothing to start meanwhile', async () => {
    setKycOutcome('IN_REVIEW');
    renderApp('/settings/documents');
    expect(await screen.findByText('Your verification is in review.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete KYC' })).not.toBeInTheDocument();
  });

  it('shows why a verification failed and lets the merchant try again', async () => {
    setKycOutcome('KYC_FAILED', KYC_REJECTION);
    renderApp('/settings/documents');
    expect(await screen.findByText('Your identity could not be verified.')).toBeInTheDocument();
    expect(await screen.findByText(`Reason: ${KYC_REJECTION}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete KYC' })).toHaveAttribute(
      'href',
      `/kyc?customerId=${USER_ID}`,
    );
  });

  it('follows a decision pushed over the live stream, in the section and the top bar, without a reload', async () => {
    setKycOutcome('IN_REVIEW');
    renderApp('/settings/documents');
    expect(await screen.findByText('Your verification is in review.')).toBeInTheDocument();
    expect(await section()).toBeInTheDocument();

    setKycOutcome('ACTIVE');
    pushLiveNotice('user');
    expect(await screen.findByText('KYC verification is complete.')).toBeInTheDocument();
    const badges = await screen.findAllByTestId('user-status');
    expect(badges.every((badge) => badge.getAttribute('data-status') === 'ACTIVE')).toBe(true);
  });
});
