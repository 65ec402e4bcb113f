import { useRef } from 'react';

/** crypto.randomUUID needs a secure context; a self-hosted install on plain http still gets a random key. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of a confirmed conversion: confirming the same quote again (a retry after a lost answer)
 * reuses it, so the server converts once; another quote is another attempt with a new key.
 */
export function useAttemptKey() {
  const attempt = useRef<{ quoteId: string; key: string } | null>(null);
  return (quoteId: string): string => {
    if (attempt.current?.quoteId !== quoteId) attempt.current = { quoteId, key: newKey() };
    return attempt.current.key;
  };
}
