import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a secret the caller sent equals ours, in constant time whatever their lengths (both are hashed to the
 * same length first). The one comparison of secrets, signatures and their hashes.
 */
export function constantTimeEqual(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
