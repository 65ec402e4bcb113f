import { Cookie } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_CONSENT_TEXT = 'We use cookies to ensure you get the best experience on our website.';
type Choice = 'accepted' | 'rejected';

function readChoice(): Choice | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Shown on every page until the visitor accepts or rejects; the choice is remembered in local storage. A strip at
 * the top of the page, in its flow: it pushes the page down instead of floating over a form (a fixed banner hid the
 * sign-up fields on a laptop and a phone). In the signed-in shell its content starts right of the fixed sidebar.
 */
export function CookieConsent() {
  const [choice, setChoice] = useState(readChoice);
  if (choice) return null;

  const choose = (next: Choice) => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, next);
    setChoice(next);
  };

  return (
    <section
      aria-label="Cookie consent"
      data-testid="cookie-consent"
      className="bg-slate-900 text-white lg:[:root:has([data-app-shell])_&]:pl-64"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6 lg:px-8">
        <div className="flex flex-1 items-start gap-3">
          <Cookie className="mt-0.5 size-5 shrink-0 text-sky-300" aria-hidden="true" />
          <p className="text-sm text-slate-100">{COOKIE_CONSENT_TEXT}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="inverseOutline" className="flex-1 sm:flex-none" onClick={() => choose('rejected')}>
            Reject
          </Button>
          <Button variant="inverse" className="flex-1 sm:flex-none" onClick={() => choose('accepted')}>
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
}
