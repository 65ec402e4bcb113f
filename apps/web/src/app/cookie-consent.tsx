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

/** Shown on every page until the visitor accepts or rejects; the choice is remembered in local storage. */
export function CookieConsent() {
  const [choice, setChoice] = useState(readChoice);
  if (choice) return null;

  const choose = (next: Choice) => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, next);
    setChoice(next);
  };

  return (
    <>
      {/* Room at the end of the page so the fixed banner never hides the last content. */}
      <div aria-hidden="true" className="h-40 sm:h-32" />
      <section
        aria-label="Cookie consent"
        data-testid="cookie-consent"
        className="fixed inset-x-3 bottom-3 z-[70] mx-auto flex max-w-3xl flex-col gap-4 rounded-2xl bg-slate-900 p-4 text-white shadow-2xl sm:inset-x-6 sm:bottom-6 sm:flex-row sm:items-center sm:p-5"
      >
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
      </section>
    </>
  );
}
