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

  it('uses the exact wording of the spec', () => {
    render(<CookieConsent />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toHaveTextContent(
      'We use cookies to ensure you get the best experience on our website.',
    );
  });
});
