import { useCallback, useSyncExternalStore } from 'react';
import { HTTP_METHODS, type HttpMethod } from './openapi';

/** One call made in the playground, as kept in this browser: enough to fill its form again, nothing secret. */
export interface HistoryEntry {
  id: string;
  /** When it was sent (ISO-8601). */
  at: string;
  operationId: string;
  method: HttpMethod;
  /** The path as sent (ids filled in). */
  path: string;
  /** The answer's status; null when the server could not be reached. */
  status: number | null;
  durationMs: number | null;
  /** The form's values by field key, secrets left out. */
  values: Record<string, string | boolean>;
}

export const HISTORY_LIMIT = 20;

const storageKey = (userId: string) => `playgroundHistory:${userId}`;

/**
 * Names whose values are credentials or one-time codes: a password, a token, a card, an OTP, a signature, a key
 * (the Idempotency-Key is not one: it is kept so a retry can reuse it).
 */
const SECRET_NAME =
  /authorization|password|passcode|secret|token|otp|cvv|cvc|card|signature|api[-_]?key|sandbox[-_]?key|recovery|^code$|^pin$/i;

const isSecretName = (name: string) => SECRET_NAME.test(name);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !isSecretName(name))
      .map(([name, inner]) => [name, withoutSecrets(inner)]),
  );
}

/** A JSON field's text with the secrets inside it left out; text that is not JSON is kept as typed. */
function jsonWithoutSecrets(text: string): string {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(withoutSecrets(JSON.parse(text)), null, 2);
  } catch {
    return text;
  }
}

/** What of a form may be kept: no secret field, no secret inside a JSON one, no file. */
function keepableValues(values: Record<string, unknown>): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(values)) {
    const name = key.slice(key.indexOf(':') + 1);
    if (isSecretName(name)) continue;
    if (typeof value === 'boolean') kept[key] = value;
    else if (typeof value === 'string' && value !== '') kept[key] = jsonWithoutSecrets(value);
  }
  return kept;
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.at === 'string' &&
    typeof entry.operationId === 'string' &&
    HTTP_METHODS.includes(entry.method as HttpMethod) &&
    typeof entry.path === 'string' &&
    typeof entry.values === 'object' &&
    entry.values !== null
  );
}

function read(raw: string | null): HistoryEntry[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

function readRaw(userId: string | null): string | null {
  if (!userId) return null;
  try {
    return window.localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same person adds its calls too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function write(userId: string, entries: HistoryEntry[]): void {
  try {
    if (entries.length === 0) window.localStorage.removeItem(storageKey(userId));
    else window.localStorage.setItem(storageKey(userId), JSON.stringify(entries));
  } catch {
    // Storage full or refused: the call still happened, it is just not remembered.
  }
  for (const listener of listeners) listener();
}

let cached: { raw: string | null; entries: HistoryEntry[] } = { raw: null, entries: [] };

function snapshot(userId: string | null): HistoryEntry[] {
  const raw = readRaw(userId);
  if (raw !== cached.raw) cached = { raw, entries: read(raw) };
  return cached.entries;
}

/** The person's last calls in this browser, newest first (at most 20), with a way to add one and to forget all. */
export function useCallHistory(userId: string | null) {
  const entries = useSyncExternalStore(
    subscribe,
    () => snapshot(userId),
    () => [],
  );
  const record = useCallback(
    (entry: Omit<HistoryEntry, 'values'> & { values: Record<string, unknown> }) => {
      if (!userId) return;
      const kept: HistoryEntry = { ...entry, values: keepableValues(entry.values) };
      write(userId, [kept, ...read(readRaw(userId))].slice(0, HISTORY_LIMIT));
    },
    [userId],
  );
  const clear = useCallback(() => {
    if (userId) write(userId, []);
  }, [userId]);
  return { entries, record, clear };
}
