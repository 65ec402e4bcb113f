import type { AppDeps } from '../../types.ts';

export const MAILBOX_KEY_HEADER = 'x-sandbox-key';

/** SANDBOX_MAILBOX_KEY, or one derived from the instance secret: the same in every process of a deployment. */
export function mailboxKey({ config, keys }: Pick<AppDeps, 'config' | 'keys'>): string {
  return config.sandbox.mailboxKey ?? keys.derive('sandbox-mailbox').toString('base64url');
}

/** The mailbox page's address with the key in the fragment, which browsers never send to a server or its logs. */
export function mailboxLink(deps: Pick<AppDeps, 'config' | 'keys'>): string {
  return `${deps.config.publicUrl}/sandbox/mailbox#key=${encodeURIComponent(mailboxKey(deps))}`;
}
