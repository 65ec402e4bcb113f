import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function openProfile() {
  signIn();
  const requests = recordRequests();
  renderApp('/settings');
  // File inputs accept png/jpeg: the browser's filter is turned off to prove the page checks too.
  return { requests, user: userEvent.setup({ applyAccept: false }) };
}

const image = (name: string, type: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type });

describe('User profile', () => {
  it('shows the details with the email read-only and saves names and phone', async () => {
    const { requests, user } = openProfile();
    const firstName = await screen.findByLabelText('First Name');
    expect(firstName).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(firstName);
    await user.type(firstName, 'Adaeze');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '0803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      firstName: 'Adaeze',
      lastName: 'Okafor',
      email: 'ada@example.com',
      phoneNumber: '08031234567',
    });
    // The top bar reads the same cached user.
    expect(await screen.findByTestId('user-full-name')).toHaveTextContent('Adaeze Okafor');
  });

  it('shows SPEC messages for a touched field and sends nothing', async () => {
    const { requests, user } = openProfile();
    const lastName = await screen.findByLabelText('Last Name');
    await user.clear(lastName);
    await user.tab();
    expect(await screen.findByText('Last Name is required')).toBeInTheDocument();
    await user.type(lastName, 'O');
    expect(await screen.findByText('Must be at least 2 characters long')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    await user.tab();
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('First Name is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("says 'Unable to update profile' when the server gives no reason", async () => {
    server.use(http.put('/api/users/:userId/profile', () => new HttpResponse(null, { status: 500 })));
    const { user } = openProfile();
    await user.type(await screen.findByLabelText('First Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Unable to update profile')).toBeInTheDocument();
  });

  it('uploads a new photo and the top bar avatar shows it at once', async () => {
    const { requests, user } = openProfile();
    await screen.findByLabelText('First Name');
    await user.upload(screen.getByTestId('profile-photo-input'), image('me.png', 'image/png'));

    expect(await screen.findByText('Profile image updated successfully')).toBeInTheDocument();
    const upload = requests.find((request) => request.url.endsWith('/upload-profile-picture'));
    expect(upload?.method).toBe('POST');
    await waitFor(() =>
      expect(screen.getByTestId('avatar-link').querySelector('img')).toHaveAttribute(
        'src',
        db.user.profilePictureUrl,
      ),
    );
  });

  it('refuses a file that is not png or jpeg without uploading it', async () => {
    const { requests, user } = openProfile();
    await screen.findByLabelText('First Name');
    await user.upload(screen.getByTestId('profile-photo-input'), image('me.gif', 'image/gif'));
    expect(await screen.findByText('Please select a valid image')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/upload-profile-picture'))).toBe(false);
  });

  it('says the upload failed when the server gives no reason', async () => {
    server.use(
      http.post(
        '/api/document/:userId/upload-profile-picture',
        () => new HttpResponse(null, { status: 500 }),
      ),
    );
    const { user } = openProfile();
    await screen.findByLabelText('First Name');
    await user.upload(screen.getByTestId('profile-photo-input'), image('me.jpg', 'image/jpeg'));
    expect(await screen.findByText('Unable to upload profile image. Please try again!')).toBeInTheDocument();
  });
});
