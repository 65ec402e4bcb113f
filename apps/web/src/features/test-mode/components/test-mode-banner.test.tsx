import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

describe('test mode banner', () => {
  it('tells a signed-in merchant that sandbox payments are not real money', async () => {
    signIn();
    renderApp('/dashboard/recents');
    const banner = await screen.findByRole('region', { name: 'Test mode' });
    expect(banner).toHaveTextContent('Test mode: payments and emails are simulated, no real money moves.');
  });

  it("links to the merchant's own test emails and keeps the toasts' room while shown", async () => {
    signIn();
    const { router } = renderApp('/dashboard/recents');
    const banner = await screen.findByRole('region', { name: 'Test mode' });
    expect(document.documentElement.style.getPropertyValue('--test-mode-band-space')).toMatch(/^\d+px$/);

    await userEvent.setup().click(within(banner).getByRole('link', { name: 'Read your test emails' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sandbox/my-mailbox'));
  });

  it('is absent when the server runs on real providers', async () => {
    db.testMode = false;
    signIn();
    renderApp('/dashboard/recents');
    await screen.findByTestId('user-status');
    expect(screen.queryByRole('region', { name: 'Test mode' })).not.toBeInTheDocument();
  });
});
