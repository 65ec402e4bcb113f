import { Cookie } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_CONSENT_TEXT = 'We use cookies to ensure you get the best experience on our website.';
/** How much room at the bottom of the screen the banner takes (toaster.tsx keeps its toasts above it). */
export const COOKIE_BANNER_SPACE = '--cookie-banner-space';

type Choice = 'accepted' | 'rejected';

function readChoice(): Choice | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

/** Publishes the banner's height and bottom gap as COOKIE_BANNER_SPACE on the document while it is shown. */
function useBannerSpace(banner: React.RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const publish = () => {
      const gap = window.innerHeight - element.getBoundingClientRect().bottom;
      root.style.setProperty(COOKIE_BANNER_SPACE, `${Math.round(element.offsetHeight + Math.max(gap, 0))}px`);
    };
    publish();
    // Its text wraps anew only when the window's width changes.
    window.addEventListener('resize', publish);
    return () => {
      window.removeEventListener('resize', publish);
      root.style.removeProperty(COOKIE_BANNER_SPACE);
    };
  }, [banner, shown]);
}

/** Shown on every page until the visitor accepts or rejects; the choice is remembered in local storage. */
export function CookieConsent() {
  const [choice, setChoice] = useState(readChoice);
  const banner = useRef<HTMLElement>(null);
  useBannerSpace(banner, choice === null);
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
        ref={banner}
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
