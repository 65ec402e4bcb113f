import { mailboxLink } from './features/sandbox/mailbox-key.ts';
import type { AppDeps } from './types.ts';

/**
 * What the operator needs from start-up, as plain lines written before the JSON request log: where to go, whether
 * money is real, and (sandbox email) the link that opens the mailbox. In a log line they scrolled away unread.
 */
export function startupLines(deps: Pick<AppDeps, 'config' | 'keys' | 'testMode' | 'email'>): string[] {
  const { config } = deps;
  const listening = config.publicUrlIsSet ? ` (listening on ${config.host}:${config.port})` : '';
  return [
    `Bizdash is running at ${config.publicUrl}${listening}`,
    deps.testMode
      ? 'Test mode: on (sandbox providers or a Paystack test key, no real money moves)'
      : 'Test mode: off (card payments, name enquiry and payouts are live: real money moves)',
    ...(deps.email.provider === 'sandbox' ? [`Sandbox mailbox: ${mailboxLink(deps)}`] : []),
    `API reference: ${config.publicUrl}/api/docs`,
  ];
}
