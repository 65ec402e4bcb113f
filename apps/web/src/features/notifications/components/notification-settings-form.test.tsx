import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { Component as NotificationsRoute } from '../routes/notification-settings';

function renderScreen() {
  signIn();
  renderWithQueryClient(
    <>
      <NotificationsRoute />
      <AppToaster />
    </>,
  );
  return userEvent.setup();
}

const switchNamed = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });

describe('Notification settings', () => {
  it("shows SPEC's defaults: in-app and account updates on, the rest off", async () => {
    renderScreen();
    expect(await screen.findByRole('checkbox', { name: /^In-app notifications/ })).toBeChecked();
    expect(switchNamed('Account updates')).toBeChecked();
    expect(switchNamed('Incoming payments')).not.toBeChecked();
    expect(switchNamed('Outgoing transfers')).not.toBeChecked();
    expect(switchNamed('Security alerts')).not.toBeChecked();
    expect(switchNamed('Refunds')).not.toBeChecked();
    // A dispute holds money and is lost without an answer: on unless the merchant turns it off.
    expect(switchNamed('Disputes')).toBeChecked();
    expect(switchNamed('Email notifications')).not.toBeChecked();
  });

  it('saves the choices, says so, and keeps them after a reload', async () => {
    const requests = recordRequests();
    const user = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: /^Incoming payments/ }));
    await user.click(switchNamed('Email notifications'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Notification settings updated successfully')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ incomingPayments: true, email: true, inApp: true });
  });

  it('turning in-app off disables its types and email; Cancel restores the saved values', async () => {
    const user = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: /^In-app notifications/ }));
    expect(switchNamed('Account updates')).toBeDisabled();
    expect(switchNamed('Email notifications')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(switchNamed('In-app notifications')).toBeChecked();
    expect(switchNamed('Account updates')).toBeEnabled();
  });

  it('shows the error and keeps the form when saving fails', async () => {
    server.use(
      http.put('/api/users/:userId/notification-settings', () =>
        apiError(400, 'email must be true or false', 'VALIDATION_ERROR'),
      ),
    );
    const user = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: /^Security alerts/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('email must be true or false')).toBeInTheDocument();
    expect(switchNamed('Security alerts')).toBeChecked();
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    server.use(
      http.get('/api/users/:userId/notification-settings', () => apiError(503, 'Unavailable', 'UNAVAILABLE')),
    );
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
