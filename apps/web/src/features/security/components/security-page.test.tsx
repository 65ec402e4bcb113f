import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCredentials } from '@/lib/credentials';
import { db, USER_PASSWORD } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const NEW_PASSWORD = 'N3w!Passw0rd';

async function openSecurity() {
  const token = signIn();
  const requests = recordRequests();
  const view = renderApp('/settings/security');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change Password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  return { ...view, user, requests, token, dialog };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (next) await user.type(screen.getByLabelText('New Password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change Password' }));
}

describe('Security: change password', () => {
  it('shows every rule the new password breaks and asks for the others, sending nothing', async () => {
    const { user, requests } = await openSecurity();
    await fill(user, '', 'short', 'other');
    expect(await screen.findByText('Current Password is required')).toBeInTheDocument();
    const newPasswordError = screen.getByText(/Password must be at least 8 characters long/);
    expect(newPasswordError).toHaveTextContent('Password must contain at least one uppercase letter');
    expect(newPasswordError).toHaveTextContent('Password must contain at least one number');
    expect(newPasswordError).toHaveTextContent(
      'Password must contain at least one special character (@$!%*?&#)',
    );
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('asks to confirm the new password', async () => {
    const { user } = await openSecurity();
    await fill(user, USER_PASSWORD, NEW_PASSWORD, '');
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
  });

  it('says when the current password is wrong and keeps the session', async () => {
    const { user } = await openSecurity();
    await fill(user, 'Wr0ng!Password', NEW_PASSWORD);
    expect(await screen.findAllByText('Current password is incorrect')).not.toHaveLength(0);
    expect(getCredentials()).not.toBeNull();
    expect(db.password).toBe(USER_PASSWORD);
  });

  it('changes the password, forgets the session and goes to sign-in', async () => {
    const { user, router, requests } = await openSecurity();
    await fill(user, USER_PASSWORD, NEW_PASSWORD);
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      password: USER_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getCredentials()).toBeNull();
    expect(db.password).toBe(NEW_PASSWORD);
  });
});

describe('Security: sign out everywhere', () => {
  it('asks first, then keeps this session with the fresh token', async () => {
    const token = signIn();
    renderApp('/settings/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('Signed out of every other device')).toBeInTheDocument();
    expect(getCredentials()?.token).toBeTruthy();
    expect(getCredentials()?.token).not.toBe(token);
  });
});
