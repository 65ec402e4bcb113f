import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../config.ts';
import type { IdentityCallback } from './identity-types.ts';
import type { SandboxIdentityWidget } from './sandbox-identity-widget.ts';

/**
 * An identity (KYC) provider: the merchant verifies in the provider's widget, and the provider tells us the
 * outcome in signed callbacks. Adding a real provider is one file implementing this, plus its line in
 * providers/registry.ts and its name in config's IDENTITY_PROVIDER.
 */
export interface IdentityProvider {
  readonly name: Config['identity']['provider'];
  /** Opens a verification with the provider; the merchant completes it at widgetUrl. */
  start(request: {
    verificationId: string;
    customerId: string;
  }): Promise<{ widgetUrl: string; providerReference: string }>;
  /** Checks a callback exactly as received (raw body and headers); throws CallbackRefused if it fails. */
  verifyCallback(request: { rawBody: string; headers: IncomingHttpHeaders }): IdentityCallback;
  /** The sandbox's own widget backend, served by this app; null for a real provider. */
  readonly sandbox: SandboxIdentityWidget | null;
}
