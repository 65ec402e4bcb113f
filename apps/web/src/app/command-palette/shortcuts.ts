import type { Permission } from '@bizdash/shared';

/** Apple keyboards say ⌘ where others say Ctrl; the palette opens with either modifier on every platform. */
export function isApplePlatform(): boolean {
  // None while the shell is drawn at build time (app/layouts/static-shell.tsx): the app draws the key over it.
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** How the palette's shortcut is written for this keyboard: '⌘K' or 'Ctrl K'. */
export const paletteShortcutLabel = () => (isApplePlatform() ? '⌘K' : 'Ctrl K');

export interface GoTarget {
  /** The key pressed after `g`. */
  key: string;
  label: string;
  path: string;
  permission?: Permission;
}

/** `g` then one of these keys goes to the page (the same pages the sidebar gates by role). */
export const GO_TARGETS: readonly GoTarget[] = [
  { key: 'd', label: 'Dashboard', path: '/dashboard', permission: 'transactions.read' },
  { key: 't', label: 'Transactions', path: '/transactions', permission: 'transactions.read' },
  { key: 'p', label: 'Products (payment links)', path: '/products', permission: 'products.read' },
  { key: 's', label: 'Settings', path: '/settings' },
];

/** How long after `g` its second key still counts. */
export const GO_SEQUENCE_MS = 1500;

const TEXT_ENTRY = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/** A key pressed here is typing (a field, a select, an editable region), never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TEXT_ENTRY) !== null;
}

/** Marks the palette's own dialog, so its shortcut can close it while other dialogs keep it from opening. */
export const PALETTE_ATTRIBUTE = 'data-command-palette';

/** A dialog or menu is open (Radix renders them only while open): its keys are its own. */
export function layerOpen({ exceptPalette = false } = {}): boolean {
  const dialogs = '[role="dialog"], [role="alertdialog"], [role="menu"]';
  const selector = exceptPalette
    ? dialogs
        .split(', ')
        .map((role) => `${role}:not([${PALETTE_ATTRIBUTE}])`)
        .join(', ')
    : dialogs;
  return document.querySelector(selector) !== null;
}
