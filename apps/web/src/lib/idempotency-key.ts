import { useRef } from 'react';

/** A fresh Idempotency-Key. crypto.randomUUID needs a secure context; a self-hosted install on plain http still gets a random key. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of an attempt, by what it sends. Sending the same details again (a double click, a retry
 * after a lost answer) is the same attempt and reuses its key, so the server answers it once; other details are a
 * new attempt with a new key.
 */
export function useAttemptKey() {
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  return (details: unknown): string => {
    const fingerprint = JSON.stringify(details);
    if (attempt.current?.fingerprint !== fingerprint)
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    return attempt.current.key;
  };
}
