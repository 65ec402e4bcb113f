import type { FxQuote } from '@bizdash/shared';
import { useEffect, useState } from 'react';

/** Refreshed a moment early, so the quote on screen is one the server still honours when a conversion arrives. */
const SAFETY_MARGIN_MS = 1_000;

/**
 * The quote's countdown: whole seconds left, ticking, and whether it is time to get a new one. Counted from when
 * the quote arrived, for as long as the server holds it (expiresAt - createdAt), so a browser clock that is off
 * does not matter.
 */
export function useQuoteCountdown(
  quote: FxQuote | undefined,
  receivedAt: number,
): { secondsLeft: number; expired: boolean } | null {
  const [now, setNow] = useState(() => Date.now());
  const expiry = quote ? receivedAt + Date.parse(quote.expiresAt) - Date.parse(quote.createdAt) : null;
  useEffect(() => {
    if (expiry === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [expiry]);
  if (expiry === null) return null;
  return {
    secondsLeft: Math.max(0, Math.ceil((expiry - now) / 1000)),
    expired: now >= expiry - SAFETY_MARGIN_MS,
  };
}
