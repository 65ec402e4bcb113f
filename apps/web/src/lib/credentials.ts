import { isTokenExpired } from '@bizdash/shared';
import { useSyncExternalStore } from 'react';

const CREDENTIALS_STORAGE_KEY = 'credentials';
/** The app the dashboard acts for (lib/acting-profile); a session's end or a new sign-in forgets it. */
export const ACTING_PROFILE_STORAGE_KEY = 'actingProfile';
/** The business (of which the person is a member) the dashboard acts for (lib/acting-profile); forgotten likewise. */
export const ACTING_BUSINESS_STORAGE_KEY = 'actingBusiness';
/** A business's refusal asking this person for two-factor first (lib/two-factor-required); forgotten likewise. */
export const TWO_FACTOR_REQUIRED_STORAGE_KEY = 'twoFactorRequired';
export const MISSING_USER_ID_MESSAGE = 'User to fetch user ID';

export interface Credentials {
  token: string;
  userId: string;
}

// Every page reads these before its code loads, so they are checked by hand: zod stays out of the entry chunk.
const isFilled = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Stored credentials as the app wrote them (both fields filled), or null; anything else stored is dropped. */
function asCredentials(value: unknown): Credentials | null {
  const { token, userId } = fieldsOf(value);
  return isFilled(token) && isFilled(userId) ? { token, userId } : null;
}

/**
 * A session starting (a new person signed in) or changing (signed out, credentials replaced). The query cache
 * listens (lib/query-client), so this module, which every page's start-up reads, needs no react-query.
 */
type SessionEvent = 'started' | 'changed';
const sessionListeners = new Set<(event: SessionEvent) => void>();

export function onSessionChange(listener: (event: SessionEvent) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function announce(event: SessionEvent): void {
  for (const listener of sessionListeners) listener(event);
}

/** Local storage is the source of truth (it survives reloads); the cache mirrors it for components. */
export function getCredentials(): Credentials | null {
  try {
    const raw = window.localStorage.getItem(CREDENTIALS_STORAGE_KEY);
    if (!raw) return null;
    return asCredentials(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function setCredentials(credentials: Credentials): void {
  window.localStorage.setItem(CREDENTIALS_STORAGE_KEY, JSON.stringify(credentials));
  announce('changed');
}

/**
 * The device token a sign-in answers, sent with the next sign-in: it lets the owner in while strangers' guesses
 * hold the account's limit (ADR 037). Kept apart from the credentials, so signing out does not forget the device.
 */
const KNOWN_DEVICE_STORAGE_KEY = 'knownDevice';

export function knownDeviceToken(): string | undefined {
  return window.localStorage.getItem(KNOWN_DEVICE_STORAGE_KEY) ?? undefined;
}

/** A newly signed-in merchant must never see the previous one's cached data. */
export function startSession({ token, userId, deviceToken }: Credentials & { deviceToken?: string }): void {
  announce('started');
  window.sessionStorage.removeItem(ACTING_PROFILE_STORAGE_KEY);
  window.sessionStorage.removeItem(ACTING_BUSINESS_STORAGE_KEY);
  window.sessionStorage.removeItem(TWO_FACTOR_REQUIRED_STORAGE_KEY);
  if (deviceToken) window.localStorage.setItem(KNOWN_DEVICE_STORAGE_KEY, deviceToken);
  setCredentials({ token, userId });
}

export function clearCredentials(): void {
  window.localStorage.removeItem(CREDENTIALS_STORAGE_KEY);
  window.sessionStorage.removeItem(ACTING_PROFILE_STORAGE_KEY);
  window.sessionStorage.removeItem(ACTING_BUSINESS_STORAGE_KEY);
  window.sessionStorage.removeItem(TWO_FACTOR_REQUIRED_STORAGE_KEY);
  announce('changed');
}

/** The token to send, or null when there is none or it has expired (SPEC section 5). */
function getValidToken(): string | null {
  const token = getCredentials()?.token;
  return token && !isTokenExpired(token) ? token : null;
}

export function hasValidSession(): boolean {
  return getValidToken() !== null;
}

/** A start-up hand-over: the credentials a link carries and the address it points to without them. */
export interface HandOver {
  credentials: Credentials;
  path: string;
}

function asHandOver(value: unknown): HandOver | null {
  const { credentials, path } = fieldsOf(value);
  const valid = asCredentials(credentials);
  return valid && typeof path === 'string' && path.startsWith('/') ? { credentials: valid, path } : null;
}

const PENDING_HAND_OVER_STORAGE_KEY = 'pendingHandOver';

/** Start-up hand-over (SPEC section 2): `?token=...&id=...` on any address; null when the address carries none. */
export function readHandOver(url: URL): HandOver | null {
  const token = url.searchParams.get('token');
  const userId = url.searchParams.get('id');
  if (!token || !userId) return null;
  const clean = new URL(url);
  clean.searchParams.delete('token');
  clean.searchParams.delete('id');
  return { credentials: { token, userId }, path: `${clean.pathname}${clean.search}${clean.hash}` };
}

/**
 * The credentials of a different merchant whose session is live in this browser, or null. Such a session must
 * not be replaced silently by a link: anyone can send one that signs the victim into the sender's account
 * (login CSRF), and what the victim then enters would land there.
 */
export function otherMerchantSignedIn(incoming: Credentials): Credentials | null {
  const current = getCredentials();
  return current && hasValidSession() && current.userId !== incoming.userId ? current : null;
}

/** A hand-over waiting for the merchant's answer: this tab only, never the shared local storage. */
export function savePendingHandOver(handOver: HandOver): void {
  window.sessionStorage.setItem(PENDING_HAND_OVER_STORAGE_KEY, JSON.stringify(handOver));
}

export function getPendingHandOver(): HandOver | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_HAND_OVER_STORAGE_KEY);
    return raw ? asHandOver(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function clearPendingHandOver(): void {
  window.sessionStorage.removeItem(PENDING_HAND_OVER_STORAGE_KEY);
}

const subscribeToSession = (onChange: () => void) => onSessionChange(onChange);
const storedUserId = () => getCredentials()?.userId ?? null;

/** The signed-in user's id, re-rendering when a session starts or ends; none while prerendered (no storage). */
export function useUserId(): string | null {
  return useSyncExternalStore(subscribeToSession, storedUserId, () => null);
}
