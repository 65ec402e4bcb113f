import type { PaletteItem, PaletteItemKind } from './palette-items';

/** What is kept of a chosen item: what it showed and where it went (nothing secret: never a token or a key). */
export interface RecentItem {
  id: string;
  kind: PaletteItemKind;
  label: string;
  hint?: string;
  to?: string;
}

const MAX_RECENT = 5;
const KINDS: readonly string[] = ['page', 'action', 'transaction', 'product', 'customer', 'payout'];

/** One list per signed-in person and per profile acted for: another business's records would not open. */
const storageKey = (personId: string, actingUserId: string) =>
  `commandPalette.recent:${personId}:${actingUserId}`;

const isRecentItem = (value: unknown): value is RecentItem => {
  const item = value as Partial<RecentItem> | null;
  return (
    typeof item?.id === 'string' &&
    typeof item.label === 'string' &&
    typeof item.kind === 'string' &&
    KINDS.includes(item.kind) &&
    (item.to === undefined || (typeof item.to === 'string' && item.to.startsWith('/')))
  );
};

/** The last items chosen, newest first; anything unreadable is ignored. */
export function readRecentItems(personId: string, actingUserId: string): RecentItem[] {
  try {
    const stored: unknown = JSON.parse(
      window.localStorage.getItem(storageKey(personId, actingUserId)) ?? '[]',
    );
    return Array.isArray(stored) ? stored.filter(isRecentItem).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts a chosen item first (once) in the person's recent items. */
export function rememberRecentItem(personId: string, actingUserId: string, item: PaletteItem): void {
  // Records keep how they were shown; pages and actions are found again by id, so a role change is respected.
  const kept: RecentItem =
    item.kind === 'page' || item.kind === 'action'
      ? { id: item.id, kind: item.kind, label: item.label }
      : { id: item.id, kind: item.kind, label: item.label, hint: item.hint, to: item.to };
  const others = readRecentItems(personId, actingUserId).filter((recent) => recent.id !== item.id);
  try {
    window.localStorage.setItem(
      storageKey(personId, actingUserId),
      JSON.stringify([kept, ...others].slice(0, MAX_RECENT)),
    );
  } catch {
    // Storage full or refused (private mode): the palette works without its recent items.
  }
}
