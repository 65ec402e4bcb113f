import type { Readable } from 'node:stream';

/** Bytes in memory (a re-encoded image), or a stream of known length (S3 needs it up front). */
export type StoredBody = Buffer | { stream: Readable; size: number };

/**
 * Where uploaded files' bytes live. Keys are random names the files feature chooses (never a user's file name);
 * what a file is (owner, type, original name) is kept in the database, not here.
 */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  /** A stream (an upload spooled to disk) is copied through, never held whole in memory. */
  put(key: string, body: StoredBody, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  /** Removing a missing key is not an error: a retried delete must succeed. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-z0-9][a-z0-9-]{7,127}$/;

/** Keys come from our own random names; anything else (a path, a dot) is a bug and never reaches the store. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error('Invalid storage key');
}
