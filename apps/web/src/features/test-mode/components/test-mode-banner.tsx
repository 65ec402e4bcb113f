import { FlaskConical, Mail } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useHealth } from '../api/get-health';
import { TEST_MODE_BAND_SPACE } from '../band-space';

/** The merchant's own test mail (features/sandbox), which needs no operator key. */
const MY_MAILBOX_PATH = '/sandbox/my-mailbox';

/** Publishes the band's height as TEST_MODE_BAND_SPACE on the document while it is shown. */
function useBandSpace(band: React.RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = band.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(TEST_MODE_BAND_SPACE, `${element.offsetHeight}px`);
    publish();
    // Its text wraps anew only when the window's width changes.
    window.addEventListener('resize', publish);
    return () => {
      window.removeEventListener('resize', publish);
      root.style.removeProperty(TEST_MODE_BAND_SPACE);
    };
  }, [band, shown]);
}

/**
 * While the server runs on sandbox providers, every signed-in page says so: sandbox money is not money. The band
 * links to the merchant's test emails, where the codes and receipts the sandbox "sent" can be read.
 */
export function TestModeBanner() {
  const { data } = useHealth();
  const band = useRef<HTMLElement>(null);
  const shown = Boolean(data?.testMode);
  useBandSpace(band, shown);
  if (!shown) return null;
  return (
    <section
      ref={band}
      aria-label="Test mode"
      data-testid="test-mode-banner"
      className="bg-orange-700 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
        <p className="flex items-center gap-2">
          <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Test mode:</strong> payments and emails are simulated, no real
            money moves.
          </span>
        </p>
        <Link
          to={MY_MAILBOX_PATH}
          className="ml-auto flex items-center gap-1.5 rounded font-medium underline underline-offset-2 hover:text-orange-100 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          Read your test emails
        </Link>
      </div>
    </section>
  );
}
