const STORAGE_KEY = 'sandboxMailboxKey';

/**
 * The operator key arrives in the link's fragment (`/sandbox/mailbox#key=…`), which never reaches a server or
 * its logs; the browser keeps it so the mailbox opens again without the link.
 */
export function mailboxKeyFrom(hash: string): string | null {
  const fromLink = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  if (fromLink) window.localStorage.setItem(STORAGE_KEY, fromLink);
  return fromLink ?? window.localStorage.getItem(STORAGE_KEY);
}

export function forgetMailboxKey(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}
