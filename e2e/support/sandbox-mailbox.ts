/** The operator key the e2e server runs with (SANDBOX_MAILBOX_KEY, see playwright.config.ts). */
export const SANDBOX_MAILBOX_KEY = 'e2e-sandbox-mailbox-key-0123456789';

/** The mailbox page as the operator opens it: the start-up line's link, with the key in the fragment. */
export const mailboxUrl = (email: string) =>
  `/sandbox/mailbox?email=${encodeURIComponent(email)}#key=${encodeURIComponent(SANDBOX_MAILBOX_KEY)}`;

/** The header the mailbox API asks for. */
export const mailboxHeaders = { 'x-sandbox-key': SANDBOX_MAILBOX_KEY };
