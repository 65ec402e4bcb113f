import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
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

  it("sits in the page's flow above the sign-up form instead of floating over it", async () => {
    renderApp('/signup');
    const form = await screen.findByRole('form', { name: 'Create account' });
    const banner = screen.getByRole('region', { name: 'Cookie consent' });

    expect(banner.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (let element: HTMLElement | null = banner; element; element = element.parentElement) {
      expect(element.className).not.toMatch(/\b(fixed|absolute|sticky)\b/);
    }
  });

  it('uses the exact wording of the spec', () => {
    render(<CookieConsent />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toHaveTextContent(
      'We use cookies to ensure you get the best experience on our website.',
    );
  });
});
