import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_TEXT, CookieConsent } from './cookie-consent';

describe('CookieConsent', () => {
  it.each([
    ['Accept', 'accepted'],
    ['Reject', 'rejected'],
  ])('remembers %s and never asks again', async (button, stored) => {
    const user = userEvent.setup();
    const first = render(<CookieConsent />);
    expect(screen.getByText(COOKIE_CONSENT_TEXT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: button }));

    expect(screen.queryByText(COOKIE_CONSENT_TEXT)).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cookieConsent')).toBe(stored);
    first.unmount();
    render(<CookieConsent />);
    expect(screen.queryByText(COOKIE_CONSENT_TEXT)).not.toBeInTheDocument();
  });

  it('keeps room for itself at the bottom of the screen while shown, for the toasts to sit above', async () => {
    const user = userEvent.setup();
    render(<CookieConsent />);
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-space')).toMatch(/^\d+px$/);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-space')).toBe('');
  });

  it('uses the exact wording of the spec', () => {
    render(<CookieConsent />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toHaveTextContent(
      'We use cookies to ensure you get the best experience on our website.',
    );
  });
});
